import { ComingSoonRoute } from '../coming-soon';

export function ProfileRoute() {
  return <ComingSoonRoute />;
}
