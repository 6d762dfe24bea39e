import { MESSAGE_LIMITS, bulkConversationInputSchema, type BulkConversationInput } from '@ledgerport/shared';
import { Alert, Button, Center, Group, Loader, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { messageKeys } from '../api/message-keys';
import { useStartBulkConversations } from '../api/start-bulk-conversations';
import { LazyRichTextField } from '@/components/ui/rich-text-field';

/** The clients a bulk message goes to: their ids (at most MESSAGE_LIMITS.bulkClients) and how many the search lists. */
export interface BulkTargets {
  ids: number[];
  total: number;
}

const bulkFormSchema = bulkConversationInputSchema.omit({ clientIds: true });
type BulkFormValues = Omit<BulkConversationInput, 'clientIds'>;

/**
 * From the Clients list: the same first message to every client of the current search, one
 * conversation per client. The screen that owns the search says which clients it lists
 * (`loadTargets`), and the dialog says how many will get the message before it is sent.
 */
export function BulkMessageModal({
  opened,
  onClose,
  targetsKey,
  loadTargets,
}: {
  opened: boolean;
  onClose: () => void;
  /** Identifies the search (its filters), so a changed search is counted again. */
  targetsKey: string;
  loadTargets: (signal: AbortSignal) => Promise<BulkTargets>;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('messages.bulk.title')} size={760} centered>
      {opened && <BulkMessageForm targetsKey={targetsKey} loadTargets={loadTargets} onDone={onClose} />}
    </Modal>
  );
}

function BulkMessageForm({
  targetsKey,
  loadTargets,
  onDone,
}: {
  targetsKey: string;
  loadTargets: (signal: AbortSignal) => Promise<BulkTargets>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const send = useStartBulkConversations();
  const targets = useQuery({
    queryKey: [...messageKeys.all, 'bulk-targets', targetsKey],
    queryFn: ({ signal }) => loadTargets(signal),
    staleTime: 0,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<BulkFormValues>({
    resolver: formResolver(bulkFormSchema, t),
    defaultValues: { subject: '', html: '' },
  });
  const ids = targets.data?.ids ?? [];

  const submit = async (values: BulkFormValues) => {
    if (ids.length === 0) return;
    try {
      const result = await send.mutateAsync({ ...values, clientIds: ids });
      notify.success(t('messages.bulk.sent', { count: result.started }), { key: 'messages-bulk' });
      onDone();
    } catch {
      notify.error(t('messages.feedback.startError'), { key: 'messages-bulk' });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('messages.bulk.intro')}
        </Text>
        {targets.isPending ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('messages.bulk.counting')}</Text>
          </Group>
        ) : targets.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('messages.bulk.countError')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void targets.refetch()}>
                {t('errors.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Alert color={ids.length === 0 ? 'orange' : 'blue'} variant="light" aria-live="polite">
            {ids.length === 0
              ? t('messages.bulk.none')
              : targets.data.total > ids.length
                ? t('messages.bulk.capped', { total: targets.data.total, limit: MESSAGE_LIMITS.bulkClients })
                : t('messages.bulk.count', { count: ids.length })}
          </Alert>
        )}
        <TextInput
          label={t('messages.start.subject')}
          required
          maxLength={MESSAGE_LIMITS.subject}
          error={errors.subject?.message}
          disabled={send.isPending}
          data-autofocus
          {...register('subject')}
        />
        <Controller
          control={control}
          name="html"
          render={({ field }) =>
            // Mounted once the count is known, so the dialog does not jump while the editor loads.
            targets.isPending ? (
              <Center h={200}>
                <Loader aria-label={t('app.loading')} />
              </Center>
            ) : (
              <LazyRichTextField
                label={t('messages.start.message')}
                required
                value={field.value}
                onChange={field.onChange}
                error={errors.html?.message}
                height={200}
              />
            )
          }
        />
        {send.isPending && <Progress value={100} striped animated aria-label={t('messages.bulk.send')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={ids.length === 0}>
            {t('messages.bulk.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
