import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions (delete, deactivate). */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Every confirmation (delete, activate, deactivate): spec 01 section 9 sets confirm dialogs to 370 wide. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={370} centered>
      <Text size="sm">{props.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose} disabled={props.loading}>
          {t('common.actions.cancel')}
        </Button>
        <Button
          color={props.danger ? 'red' : undefined}
          onClick={props.onConfirm}
          loading={props.loading}
          data-autofocus
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
