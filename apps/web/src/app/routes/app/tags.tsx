import { ComingSoonRoute } from '../coming-soon';

export function TagsRoute() {
  return <ComingSoonRoute />;
}
