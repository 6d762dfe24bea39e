import { SEND_INVITATION_RESULT, sendInvitationInputSchema } from '@ledgerport/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useSendInvitation } from '../api/send-invitation';
import { formResolver } from '@/lib/form-resolver';

type FormValues = z.input<typeof sendInvitationInputSchema>;

const NOTICE_KEY = 'send-invitation';

/**
 * The send-invitation dialog of the avatar menu (spec 01 sections 2.5, 4.2, 8). Staff invite a
 * prospective client; a client owner invites a collaborator onto the current client. The form lives
 * only while the dialog is open, so closing resets it.
 */
export function SendInvitationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('invitations.send.title')}>
      {opened && <SendInvitationForm onDone={onClose} />}
    </Modal>
  );
}

function SendInvitationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { currentClient } = useSession();
  const send = useSendInvitation();
  const resolver = useMemo(
    () => formResolver(sendInvitationInputSchema, t, { recipientEmailAddress: t('common.validation.email') }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof sendInvitationInputSchema>>({
    resolver,
    defaultValues: { recipientEmailAddress: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    const email = input.recipientEmailAddress;
    try {
      const result = await send.mutateAsync(input);
      if (result.resultType === SEND_INVITATION_RESULT.success) {
        notify.success(t('invitations.send.sent', { email }), { key: NOTICE_KEY });
        onDone();
        return;
      }
      // Nothing was sent: the dialog stays so another address can be tried.
      const message =
        result.resultType === SEND_INVITATION_RESULT.ownerOrCollaborator
          ? t('invitations.send.alreadyOwnerOrCollaborator', { email })
          : t('invitations.send.alreadyRegistered', { email });
      notify.info(message, { key: NOTICE_KEY });
    } catch {
      notify.error(t('invitations.send.couldNotSend'), { key: NOTICE_KEY });
      reset();
      setFocus('recipientEmailAddress');
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {currentClient
            ? t('invitations.send.introClient', { name: currentClient.name })
            : t('invitations.send.introStaff')}
        </Text>
        <TextInput
          label={t('invitations.send.email')}
          type="email"
          autoComplete="off"
          withAsterisk
          data-autofocus
          error={errors.recipientEmailAddress?.message}
          {...register('recipientEmailAddress')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('invitations.send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
