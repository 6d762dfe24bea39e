import type { UnconfirmedAnnouncement } from '@ledgerport/shared';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAcknowledgeAnnouncement } from '../api/acknowledge-announcement';
import { SanitizedHtml } from '@/components/ui/sanitized-html';

const MODAL_WIDTH = 600;

/**
 * One unconfirmed announcement after sign-in (spec 01 section 4.5). It cannot be dismissed: the only
 * way on is ticking the acknowledgment box, which enables Confirm. The confirmation covers every
 * client of the user that still needed it.
 */
export function ConfirmAnnouncementModal({
  item,
  position,
  total,
  onConfirmed,
}: {
  item: UnconfirmedAnnouncement;
  position: number;
  total: number;
  /** Called once recorded, and also when the announcement no longer needs confirming (404). */
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState(false);
  const acknowledge = useAcknowledgeAnnouncement();
  const acknowledgmentId = useId();
  const { announcement, clients } = item;

  const confirm = async () => {
    try {
      await acknowledge.mutateAsync({ id: announcement.id, input: { clients: clients.map((client) => client.id) } });
      onConfirmed();
    } catch (error) {
      // Deactivated or expired since the list was read: nothing is left to confirm.
      if (error instanceof ApiError && error.status === 404) {
        onConfirmed();
        return;
      }
      notify.error(t('announcements.messages.confirmError'), { key: 'announcement-confirm' });
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={announcement.title}
      size={MODAL_WIDTH}
      centered
    >
      <Stack gap="md">
        {total > 1 && (
          <Text size="xs" c="dimmed">
            {t('announcements.acknowledge.progress', { current: position, total })}
          </Text>
        )}
        <SanitizedHtml html={announcement.body} />
        <SanitizedHtml
          id={acknowledgmentId}
          html={announcement.acknowledgmentText}
          p="sm"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 4 }}
        />
        {clients.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('announcements.acknowledge.forClients', { clients: clients.map((client) => client.name).join(', ') })}
          </Text>
        )}
        <Checkbox
          label={t('announcements.acknowledge.checkbox')}
          aria-describedby={acknowledgmentId}
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          disabled={acknowledge.isPending}
        />
        <Group justify="flex-end">
          <Button onClick={() => void confirm()} disabled={!ticked} loading={acknowledge.isPending}>
            {t('announcements.acknowledge.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
