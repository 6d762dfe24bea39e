import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { href } from '../../routes-table';

/** StartCustomerOnboarding: step 1 for a new prospect; creating the lead moves to its own link. */
export function CustomerOnboardingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toLogin = useCallback(() => void navigate(href('Login'), { replace: true }), [navigate]);
  return (
    <>
      <PageTitle>{t('pages.customerOnboarding')}</PageTitle>
      <OnboardingWizard
        onLeadCreated={(idHash) => void navigate(href('ContinueCustomerOnboarding', { idHash }), { replace: true })}
        onClosed={toLogin}
        onLoadFailed={toLogin}
        // Unreachable here: the account is created on the continue route.
        onAccountCreated={async () => toLogin()}
      />
    </>
  );
}
