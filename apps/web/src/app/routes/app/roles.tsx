import { ComingSoonRoute } from '../coming-soon';

export function RolesRoute() {
  return <ComingSoonRoute />;
}
