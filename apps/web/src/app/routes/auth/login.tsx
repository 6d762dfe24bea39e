import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeRedirect } from '@/lib/safe-redirect';
import { setPostLoginFlag } from '@/lib/session';
import { href } from '../../routes-table';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  // Spec 01 section 2.2: arriving through login is what later shows the post-login announcements.
  useEffect(() => setPostLoginFlag(true), []);

  return (
    <>
      <PageTitle>{t('auth.login.title')}</PageTitle>
      <LoginForm
        forgotPasswordHref={href('ResetPassword')}
        onSuccess={() => void navigate(safeRedirect(searchParams.get('redirect')), { replace: true })}
      />
    </>
  );
}
