import { ComingSoonRoute } from '../coming-soon';

export function ForgotPasswordRoute() {
  return <ComingSoonRoute />;
}
