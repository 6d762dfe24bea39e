import { LOGIN_RESULT } from '@ledgerport/shared';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { authenticate } from '@/features/auth/api/authenticate';
import { logout } from '@/features/auth/api/logout';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { notify } from '@/lib/notify';
import { clearSession, getSession, isSignedIn, setPostLoginFlag, startSession } from '@/lib/session';
import { href } from '../../routes-table';

/**
 * ContinueCustomerOnboarding (/customer-onboarding/{idHash}): the wizard resumed at the lead's step.
 * After the last step the new user is signed in with the e-mail as username, another session in
 * this browser being signed out first (spec 03 section 4), and lands in the app.
 */
export function CustomerOnboardingContinueRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { idHash = '' } = useParams();

  // Spec 01 section 2.2: arriving through continue-onboarding counts as arriving through login.
  useEffect(() => setPostLoginFlag(true), []);

  const toLogin = useCallback(() => void navigate(href('Login'), { replace: true }), [navigate]);
  const toStart = useCallback(() => void navigate(href('StartCustomerOnboarding'), { replace: true }), [navigate]);

  const signIn = async ({ emailAddress, password }: { emailAddress: string; password: string }) => {
    if (isSignedIn(getSession())) {
      // Whatever the server answers, this browser's previous session ends here.
      await logout().catch(() => undefined);
      clearSession('logout');
    }
    try {
      const result = await authenticate({ usernameOrEmailAddress: emailAddress, password });
      if (result.resultType === LOGIN_RESULT.success && result.user) {
        const { jwtToken, ...user } = result.user;
        startSession({ accessToken: jwtToken.accessToken, user, permissions: result.permissions });
        setPostLoginFlag(true);
        await navigate(href('Dashboard'), { replace: true });
        return;
      }
    } catch {
      // Reported below, like a refused sign-in.
    }
    notify.error(t('onboarding.createAccount.signInFailed'), { key: 'onboarding-sign-in' });
    toLogin();
  };

  return (
    <>
      <PageTitle>{t('pages.customerOnboarding')}</PageTitle>
      <OnboardingWizard
        key={idHash}
        idHash={idHash}
        onLeadCreated={(created) => void navigate(href('ContinueCustomerOnboarding', { idHash: created }))}
        onClosed={toLogin}
        onLoadFailed={toStart}
        onAccountCreated={signIn}
      />
    </>
  );
}
