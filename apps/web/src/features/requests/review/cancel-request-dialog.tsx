import type { RequestDetails } from '@ledgerport/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation before a request is cancelled. Not the shared ConfirmDialog: its dismiss button
 * says "Cancel", which beside "Cancel request" reads as the same action; here it says "Keep request".
 */
export function CancelRequestDialog({
  opened,
  request,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  request: Pick<RequestDetails, 'title' | 'client'>;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('requests.cancelDialog.title')} size={370} centered>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('requests.cancelDialog.message', { title: request.title, client: request.client.name })}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {t('requests.cancelDialog.keep')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {t('requests.cancelDialog.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
