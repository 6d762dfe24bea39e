import { ComingSoonRoute } from '../coming-soon';

export function ResetPasswordRoute() {
  return <ComingSoonRoute />;
}
