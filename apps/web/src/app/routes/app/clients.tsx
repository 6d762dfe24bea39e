import { ComingSoonRoute } from '../coming-soon';

export function ClientsRoute() {
  return <ComingSoonRoute />;
}
