import { LOGIN_RESULT } from '@ledgerport/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { PageTitle } from '@/components/ui/page-title';
import { authenticate } from '@/features/auth/api/authenticate';
import { useRegistrationToken } from '@/features/invitations/api/check-registration-token';
import { RegisterForm } from '@/features/invitations/components/register-form';
import { notify } from '@/lib/notify';
import { setPostLoginFlag, startSession } from '@/lib/session';
import { href } from '../../routes-table';

const NOTICE_KEY = 'register';

/**
 * Register from an invitation link (spec 01 sections 2.7 and 8): check the link first, then the form;
 * once the account exists, sign in with the same e-mail and password and go home, where a new
 * client is offered to create their first account.
 */
export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const check = useRegistrationToken(token);
  const leaving = useRef(false);

  // Spec 01 section 2.2: arriving through register counts as arriving through login.
  useEffect(() => setPostLoginFlag(true), []);

  const invalid = token.length === 0 || check.data?.isValidRegistrationToken === false;
  useEffect(() => {
    if (leaving.current) return;
    if (invalid) {
      leaving.current = true;
      notify.error(t('invitations.register.usedToken'), { key: NOTICE_KEY });
      void navigate(href('Login'), { replace: true });
    } else if (check.isError) {
      leaving.current = true;
      notify.error(t('invitations.register.systemError'), { key: NOTICE_KEY });
      void navigate(href('Login'), { replace: true });
    }
  }, [invalid, check.isError, navigate, t]);

  const goToLogin = () => void navigate(href('Login'), { replace: true });

  const signInAfterRegistering = async ({ emailAddress, password }: { emailAddress: string; password: string }) => {
    notify.success(t('invitations.register.created'), { key: NOTICE_KEY });
    try {
      const result = await authenticate({ usernameOrEmailAddress: emailAddress, password });
      if (result.resultType === LOGIN_RESULT.success && result.user) {
        const { jwtToken, ...user } = result.user;
        startSession({ accessToken: jwtToken.accessToken, user, permissions: result.permissions });
        void navigate(href('Dashboard'), { replace: true });
        return;
      }
    } catch {
      // The account exists either way: the login page is the way in.
    }
    goToLogin();
  };

  const recipient = check.data?.recipientEmailAddress;
  return (
    <>
      <PageTitle>{t('pages.register')}</PageTitle>
      {check.data?.isValidRegistrationToken && recipient ? (
        <RegisterForm
          registrationToken={token}
          emailAddress={recipient}
          onRegistered={(credentials) => void signInAfterRegistering(credentials)}
          onInvalidToken={goToLogin}
        />
      ) : (
        <PageLoader />
      )}
    </>
  );
}
