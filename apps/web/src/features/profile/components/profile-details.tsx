import { formatPhone } from '@ledgerport/shared';
import type { ProfileDto } from '@ledgerport/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMyProfilePicture } from '../api/get-profile-picture';
import { ProfileAvatar } from './profile-avatar';

const AVATAR_SIZE = 120;

function Field({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} c={value ? undefined : 'dimmed'}>
        {value || t('profile.notSet')}
      </Text>
    </div>
  );
}

/** The view mode of the Profile screen (spec 01 section 2.11). */
export function ProfileDetails({
  profile,
  isClient,
  onEdit,
}: {
  profile: ProfileDto;
  isClient: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const picture = useMyProfilePicture(AVATAR_SIZE, { enabled: profile.hasProfilePicture });
  return (
    <Paper withBorder p="xl" maw={760}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Group gap="lg" wrap="nowrap">
          <ProfileAvatar src={picture} firstName={profile.firstName} lastName={profile.lastName} size={AVATAR_SIZE} />
          <Stack gap="xs">
            <Title order={2} size="h3">
              {profile.fullName}
            </Title>
            <Group gap="xs" aria-label={t('profile.fields.roles')} role="list">
              {profile.roles.map((role) => (
                <Badge key={role} variant="light" role="listitem">
                  {role}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {t('profile.edit')}
        </Button>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" mt="xl" mb={0}>
        <Field label={t('profile.fields.firstName')} value={profile.firstName} />
        <Field label={t('profile.fields.lastName')} value={profile.lastName} />
        <Field label={t('profile.fields.phoneNumber')} value={formatPhone(profile.phoneNumber)} />
        {!isClient && <Field label={t('profile.fields.extension')} value={profile.extension} />}
        <Field label={t('profile.fields.emailAddress')} value={profile.emailAddress} />
        <Field label={t('profile.fields.username')} value={profile.username} />
      </SimpleGrid>
    </Paper>
  );
}
