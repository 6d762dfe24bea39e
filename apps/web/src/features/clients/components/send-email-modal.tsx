import { sendClientEmailInputSchema, type SendClientEmailInput } from '@ledgerport/shared';
import { Button, Center, Group, Loader, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import type { ClientsFilterQuery } from '../api/client-keys';
import { useSendClientsEmail } from '../api/send-clients-email';

const EmailBodyEditor = lazy(() => import('@/components/ui/rich-text-editor'));

/** Spec 02 section 9. */
const EDITOR_HEIGHT = 500;
const MODAL_MAX_WIDTH = 960;

/** Send e-mail to every client of the current search (spec 02): subject and rich-text body. */
export function SendEmailModal({
  opened,
  query,
  onClose,
}: {
  opened: boolean;
  query: ClientsFilterQuery;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('clients.email.title')} size={MODAL_MAX_WIDTH} centered>
      {opened && <SendEmailForm query={query} onDone={onClose} />}
    </Modal>
  );
}

function SendEmailForm({ query, onDone }: { query: ClientsFilterQuery; onDone: () => void }) {
  const { t } = useTranslation();
  const send = useSendClientsEmail();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SendClientEmailInput>({
    resolver: formResolver(sendClientEmailInputSchema, t),
    defaultValues: { subject: '', body: '' },
  });

  const submit = async (input: SendClientEmailInput) => {
    try {
      const result = await send.mutateAsync({ query, input });
      notify.success(t('clients.messages.sent', result), { key: 'clients-email' });
      onDone();
    } catch {
      notify.error(t('clients.messages.sendError'), { key: 'clients-email' });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('clients.email.intro')}
        </Text>
        <TextInput
          label={t('clients.email.subject')}
          required
          error={errors.subject?.message}
          disabled={send.isPending}
          {...register('subject')}
        />
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="client-email-body-label">
                {t('clients.email.body')}
                <Text span c="red" aria-hidden>
                  {' *'}
                </Text>
              </Text>
              <Suspense
                fallback={
                  <Center h={EDITOR_HEIGHT}>
                    <Loader aria-label={t('clients.email.loadingEditor')} />
                  </Center>
                }
              >
                <EmailBodyEditor
                  label={t('clients.email.body')}
                  value={field.value}
                  onChange={field.onChange}
                  height={EDITOR_HEIGHT}
                  fixedHeight
                  invalid={Boolean(errors.body)}
                  describedBy={errors.body ? 'client-email-body-error' : undefined}
                />
              </Suspense>
              {errors.body && (
                <Text size="xs" c="red" id="client-email-body-error">
                  {errors.body.message}
                </Text>
              )}
            </Stack>
          )}
        />
        {send.isPending && (
          <Stack gap={4}>
            <Progress value={100} striped animated aria-label={t('clients.email.sending')} />
            <Text size="sm" c="dimmed">
              {t('clients.email.sending')}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('clients.email.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
