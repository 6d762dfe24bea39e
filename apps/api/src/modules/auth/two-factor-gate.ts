import { TWO_FACTOR_ERROR_CODE } from '@ledgerport/shared';
import { AppError } from '../../lib/errors.js';
import { API_PREFIX } from '../../plugins/route-access.js';
import type { Principal } from './auth.service.js';

/**
 * What a user who must enrol may still call: their own enrolment, who they are (the web app's
 * layout), and signing out. Refresh is public and needs no entry.
 */
const ALLOWED_BEFORE_ENROLMENT = new Set([
  `GET ${API_PREFIX}/identity/two-factor`,
  `POST ${API_PREFIX}/identity/two-factor/enrolment`,
  `POST ${API_PREFIX}/identity/two-factor/enrolment/confirm`,
  `GET ${API_PREFIX}/identity/users/me`,
  `POST ${API_PREFIX}/authentication/account/logout`,
]);

export class TwoFactorEnrollmentRequiredError extends AppError {
  constructor() {
    super(
      403,
      TWO_FACTOR_ERROR_CODE.enrollmentRequired,
      'Set up two-factor sign-in before you continue: the firm requires it.',
    );
  }
}

/** Called for every authenticated request once the principal is known (plugins/auth.ts). */
export function assertTwoFactorEnrolled(principal: Principal, method: string, routeUrl: string | undefined): void {
  if (!principal.mustEnrollTwoFactor) return;
  if (routeUrl && ALLOWED_BEFORE_ENROLMENT.has(`${method} ${routeUrl}`)) return;
  throw new TwoFactorEnrollmentRequiredError();
}
