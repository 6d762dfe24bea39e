import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { ResetRequestForm } from '@/features/password-reset/components/reset-request-form';
import { href } from '../../routes-table';

/** Spec 01 section 2.8: ask for a reset link; `isUsableToken=false` says the last one did not work. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const linkFailed = searchParams.get('isUsableToken') === 'false';
  return (
    <>
      <PageTitle>{t('pages.resetPassword')}</PageTitle>
      {linkFailed && (
        <Alert color="red" title={t('password.request.expiredTitle')} mb="md" role="alert">
          {t('password.request.expired')}
        </Alert>
      )}
      <ResetRequestForm cancelHref={href('Login')} />
    </>
  );
}
