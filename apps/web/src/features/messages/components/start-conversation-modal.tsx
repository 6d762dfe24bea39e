import {
  MESSAGE_LIMITS,
  idSchema,
  startConversationInputSchema,
  type ConversationDto,
  type StartConversationInput,
} from '@ledgerport/shared';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, type RemoteChoice } from '@/components/ui/remote-select';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { useStartConversation } from '../api/start-conversation';
import { LazyRichTextField } from '@/components/ui/rich-text-field';

/** Staff choose the client; a client user's conversation is with the firm, for their current client. */
const staffSchema = startConversationInputSchema.extend({ clientId: idSchema });

/** "New conversation" (staff: a client, a subject, a message) or "New message" (a client user). */
export function StartConversationModal({
  opened,
  withClient,
  onClose,
  onStarted,
}: {
  opened: boolean;
  /** Staff pick the client. */
  withClient: boolean;
  onClose: () => void;
  onStarted: (conversation: ConversationDto) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={withClient ? t('messages.start.titleStaff') : t('messages.start.titleClient')}
      size={720}
      centered
    >
      {opened && <StartForm withClient={withClient} onDone={onClose} onStarted={onStarted} />}
    </Modal>
  );
}

function StartForm({
  withClient,
  onDone,
  onStarted,
}: {
  withClient: boolean;
  onDone: () => void;
  onStarted: (conversation: ConversationDto) => void;
}) {
  const { t } = useTranslation();
  const start = useStartConversation();
  const [client, setClient] = useState<RemoteChoice | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<StartConversationInput>({
    resolver: formResolver(withClient ? staffSchema : startConversationInputSchema, t),
    defaultValues: { clientId: undefined, subject: '', html: '' },
  });

  const submit = async (input: StartConversationInput) => {
    try {
      const conversation = await start.mutateAsync(input);
      notify.success(t('messages.feedback.started'), { key: 'conversation-start' });
      onDone();
      onStarted(conversation);
    } catch {
      notify.error(t('messages.feedback.startError'), { key: 'conversation-start' });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="sm">
        {withClient && (
          <RemoteSelect
            label={t('messages.start.client')}
            required
            useOptions={useClientChoices}
            value={client}
            onChange={(choice) => {
              setClient(choice);
              setValue('clientId', choice ? Number(choice.value) : undefined, {
                shouldValidate: Boolean(errors.clientId),
              });
            }}
            error={errors.clientId?.message}
            disabled={start.isPending}
            data-autofocus
          />
        )}
        <TextInput
          label={t('messages.start.subject')}
          required
          maxLength={MESSAGE_LIMITS.subject}
          error={errors.subject?.message}
          disabled={start.isPending}
          data-autofocus={withClient ? undefined : true}
          {...register('subject')}
        />
        <Controller
          control={control}
          name="html"
          render={({ field }) => (
            <LazyRichTextField
              label={t('messages.start.message')}
              required
              value={field.value}
              onChange={field.onChange}
              error={errors.html?.message}
              height={160}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={start.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={start.isPending}>
            {t('messages.start.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
