import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { useResetTokenUsable } from '@/features/password-reset/api/check-reset-token';
import { NewPasswordForm } from '@/features/password-reset/components/new-password-form';
import { notify } from '@/lib/notify';
import { href } from '../../routes-table';

const EXPIRED = href('ResetPassword', null, { isUsableToken: false });

/**
 * Spec 01 sections 2.9 and 4.6: the page an e-mailed reset link opens. The link is checked first; an
 * unusable one, or a reset that fails, goes back to Reset password with the expired-link banner.
 */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const userId = Number(searchParams.get('userId'));
  const wellFormed = token !== '' && Number.isSafeInteger(userId) && userId > 0;

  return (
    <>
      <PageTitle>{t('pages.forgotPassword')}</PageTitle>
      {wellFormed ? <CheckedForm userId={userId} token={token} /> : <Navigate to={EXPIRED} replace />}
    </>
  );
}

function CheckedForm({ userId, token }: { userId: number; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const usable = useResetTokenUsable(userId, token);

  if (usable.isPending) {
    return (
      <Center role="status">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('password.change.checking')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (usable.isError || !usable.data) return <Navigate to={EXPIRED} replace />;
  return (
    <NewPasswordForm
      userId={userId}
      token={token}
      cancelHref={href('Login')}
      onSuccess={() => {
        notify.success(t('password.change.success'), { key: 'reset-password' });
        void navigate(href('Login'), { replace: true });
      }}
      onFailure={() => void navigate(EXPIRED, { replace: true })}
    />
  );
}
