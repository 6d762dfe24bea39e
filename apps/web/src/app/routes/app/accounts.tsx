import { ComingSoonRoute } from '../coming-soon';

export function AccountsRoute() {
  return <ComingSoonRoute />;
}
