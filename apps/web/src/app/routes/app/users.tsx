import { ComingSoonRoute } from '../coming-soon';

export function UsersRoute() {
  return <ComingSoonRoute />;
}
