import { ComingSoonRoute } from '../coming-soon';

export function EditClientRoute() {
  return <ComingSoonRoute />;
}
