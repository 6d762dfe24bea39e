import { ComingSoonRoute } from '../coming-soon';

export function InvitationsRoute() {
  return <ComingSoonRoute />;
}
