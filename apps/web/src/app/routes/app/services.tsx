import { ComingSoonRoute } from '../coming-soon';

export function ServicesRoute() {
  return <ComingSoonRoute />;
}
