import { ComingSoonRoute } from '../coming-soon';

export function RegisterRoute() {
  return <ComingSoonRoute />;
}
