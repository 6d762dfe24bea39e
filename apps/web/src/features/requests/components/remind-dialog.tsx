import { REQUEST_ERROR, type RemindResult } from '@ledgerport/shared';
import { Alert, Button, Center, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useReminderRecipients } from '../api/get-reminder-recipients';
import { useRemindRequests, type RemindTarget } from '../api/remind-requests';

export interface RemindDialogProps {
  /** One request (its page: the dialog names who will be reminded) or the list's selection. */
  target: RemindTarget | null;
  onClose: () => void;
  /** After the reminders went out (the list clears its selection). */
  onReminded?: (result: RemindResult) => void;
}

/** "Reminded 3 people; 1 already had a reminder today". */
function resultText(t: TFunction, result: RemindResult): string {
  return result.alreadyReminded > 0
    ? t('requests.remind.doneSkipped', { count: result.reminded, skipped: result.alreadyReminded })
    : t('requests.remind.done', { count: result.reminded });
}

/**
 * The confirmation of "Remind now" (issue 22 item 4). For one request it lists the people an item
 * waits on, marking those who had today's reminder already (they are skipped); for a selection it
 * says what will happen. After sending, a notice says how many were reminded and how many skipped.
 */
export function RemindDialog({ target, onClose, onReminded }: RemindDialogProps) {
  const { t } = useTranslation();
  const remind = useRemindRequests();
  const requestId = target && 'requestId' in target ? target.requestId : null;
  const recipients = useReminderRecipients(requestId ?? 0, { enabled: requestId !== null });
  const people = recipients.data?.recipients ?? [];
  const nobody = requestId !== null && recipients.isSuccess && people.every((person) => person.remindedToday);

  const confirm = async () => {
    if (!target) return;
    try {
      const result = await remind.mutateAsync(target);
      notify.success(resultText(t, result), { key: 'request-remind' });
      onReminded?.(result);
      onClose();
    } catch (error) {
      notify.error(
        isApiError(error) && error.code === REQUEST_ERROR.notOpen
          ? t('requests.messages.notOpen')
          : t('requests.remind.error'),
        { key: 'request-remind' },
      );
    }
  };

  let body;
  if (requestId === null) {
    const count = target && 'ids' in target ? target.ids.length : 0;
    body = <Text size="sm">{t('requests.remind.selectedIntro', { count })}</Text>;
  } else if (recipients.isPending) {
    body = (
      <Center py="md">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else if (recipients.isError) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('requests.remind.loadError')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void recipients.refetch()}>
            {t('requests.remind.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (people.length === 0) {
    body = <Text size="sm">{t('requests.remind.nobody')}</Text>;
  } else {
    body = (
      <Stack gap="xs">
        <Text size="sm">{t('requests.remind.intro')}</Text>
        <List size="sm" spacing={4} aria-label={t('requests.remind.title')}>
          {people.map((person) => (
            <List.Item key={person.id} style={{ overflowWrap: 'anywhere' }}>
              {person.name}
              {person.remindedToday && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  ({t('requests.remind.remindedToday')})
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    );
  }

  return (
    <Modal opened={target !== null} onClose={onClose} title={t('requests.remind.title')} size={420} centered>
      <Stack gap="sm">
        {body}
        <Text size="sm" c="dimmed">
          {t('requests.remind.oneADay')}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remind.isPending} data-autofocus>
          {t('common.actions.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          loading={remind.isPending}
          disabled={requestId !== null && (!recipients.isSuccess || nobody)}
        >
          {t('requests.remind.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
