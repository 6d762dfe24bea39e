import {
  NOTIFICATION_DELIVERY,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPreferencesDto,
} from '@ledgerport/shared';
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import {
  getNotificationPreferences,
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';

/** The form holds each kind's delivery by kind, and the hour as the select's string. */
type Values = Partial<Record<NotificationKind, NotificationDelivery>> & { digestHour: string };

function valuesOf(preferences: NotificationPreferencesDto): Values {
  return {
    ...Object.fromEntries(preferences.kinds.map(({ kind, delivery }) => [kind, delivery])),
    digestHour: String(preferences.digestHour),
  };
}

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: new Date(2000, 0, 1, hour).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
}));

export const NOTIFICATION_PREFERENCES_ANCHOR = 'notifications';

/**
 * The profile's notification section (issue 22 item 3): for each kind this person can receive, how it
 * reaches them by e-mail, and the hour of the daily digest. Saved with If-Match.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();

  // The bell's "Notification settings" link lands here.
  useEffect(() => {
    if (!preferences.data || window.location.hash !== `#${NOTIFICATION_PREFERENCES_ANCHOR}`) return;
    document.getElementById(NOTIFICATION_PREFERENCES_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [preferences.data]);

  let body;
  if (preferences.isPending) body = <PageLoader />;
  else if (preferences.isError)
    body = (
      <Alert color="red" title={t('notifications.preferences.loadError')}>
        <Button variant="light" color="red" mt="sm" onClick={() => void preferences.refetch()}>
          {t('errors.retry')}
        </Button>
      </Alert>
    );
  else body = <PreferencesForm key={preferences.data.version} preferences={preferences.data} />;

  return (
    <Paper
      withBorder
      p="md"
      mt="xl"
      maw={960}
      component="section"
      id={NOTIFICATION_PREFERENCES_ANCHOR}
      // Scrolled to from the bell: clear of the fixed header.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
      aria-labelledby="notification-preferences-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="notification-preferences-title">
          {t('notifications.preferences.title')}
        </Title>
        <Text size="sm">{t('notifications.preferences.intro')}</Text>
        {body}
      </Stack>
    </Paper>
  );
}

function PreferencesForm({ preferences }: { preferences: NotificationPreferencesDto }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationPreferences();
  const [initial] = useState(() => valuesOf(preferences));
  const form = useForm<Values>({ defaultValues: initial });
  const conflicts = useSaveConflict<Values>(preferences.version, initial, (values) => values);
  const kinds = preferences.kinds.map(({ kind }) => kind);

  const deliveries = Object.values(NOTIFICATION_DELIVERY).map((value) => ({
    value,
    label: t(`notifications.preferences.deliveries.${value}`),
  }));
  const labels: Partial<Record<keyof Values, string>> = {
    ...Object.fromEntries(kinds.map((kind) => [kind, t(`notifications.preferences.kinds.${kind}`)])),
    digestHour: t('notifications.preferences.digestHour'),
  };

  const save = async (values: Values, version = conflicts.version) => {
    try {
      await update.mutateAsync({
        input: {
          kinds: kinds.map((kind) => ({ kind, delivery: values[kind] ?? NOTIFICATION_DELIVERY.inAppOnly })),
          digestHour: Number(values.digestHour),
        },
        version,
      });
      notify.success(t('notifications.preferences.saved'), { key: 'notification-preferences' });
    } catch (error) {
      const latest = async () => {
        const saved = await getNotificationPreferences();
        return { values: valuesOf(saved), version: saved.version };
      };
      if (await conflicts.catchStale(error, latest)) return;
      notify.error(t('notifications.preferences.saveError'), { key: 'notification-preferences' });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit((values) => save(values))(event)}>
      <Stack gap="sm">
        <FormConflictAlert
          conflicts={conflicts}
          form={form}
          labels={labels}
          busy={update.isPending}
          onOverwrite={() => void form.handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
        />
        <Table verticalSpacing={6} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('notifications.preferences.kind')}</Table.Th>
              <Table.Th w={{ base: 170, sm: 200 }}>{t('notifications.preferences.delivery')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.map((kind) => (
              <Table.Tr key={kind}>
                <Table.Td>
                  <Text size="sm" id={`notification-kind-${kind}`}>
                    {labels[kind]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-labelledby={`notification-kind-${kind}`}
                    data={deliveries}
                    value={form.watch(kind) ?? null}
                    onChange={(value) =>
                      value && form.setValue(kind, value as NotificationDelivery, { shouldDirty: true })
                    }
                    allowDeselect={false}
                    size="sm"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group align="flex-end" justify="space-between">
          <Select
            label={t('notifications.preferences.digestHour')}
            description={t('notifications.preferences.digestHourHelp')}
            data={HOURS}
            value={form.watch('digestHour')}
            onChange={(value) => value && form.setValue('digestHour', value, { shouldDirty: true })}
            allowDeselect={false}
            w={200}
          />
          <Button type="submit" loading={update.isPending}>
            {t('notifications.preferences.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
