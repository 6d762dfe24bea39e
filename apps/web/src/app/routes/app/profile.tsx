import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { PageTitle } from '@/components/ui/page-title';
import { useMe } from '@/features/profile/api/get-me';
import { ProfileDetails } from '@/features/profile/components/profile-details';
import { ProfileEditForm } from '@/features/profile/components/profile-edit-form';
import { SessionsSection } from '@/features/auth/sessions/components/sessions-section';
import { TwoFactorSection } from '@/features/two-factor/components/two-factor-section';
import { NotificationPreferencesSection } from '@/features/notifications/components/notification-preferences-section';
import { useAuthorization } from '@/lib/authorization';

/** Spec 01 section 2.11: the signed-in user's profile, viewed and edited in place. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const { isClient } = useAuthorization();
  const me = useMe();
  const [editing, setEditing] = useState(false);

  return (
    <>
      <PageTitle>{t('pages.profile')}</PageTitle>
      {me.isPending ? (
        <PageLoader />
      ) : me.isError ? (
        <Alert color="red" title={t('profile.messages.fetchError')} maw={560}>
          <Button variant="light" color="red" mt="sm" onClick={() => void me.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : editing ? (
        <ProfileEditForm profile={me.data} isClient={isClient} onDone={() => setEditing(false)} />
      ) : (
        <ProfileDetails profile={me.data} isClient={isClient} onEdit={() => setEditing(true)} />
      )}
      <NotificationPreferencesSection />
      <TwoFactorSection />
      <SessionsSection />
    </>
  );
}
