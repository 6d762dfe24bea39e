import type { ConversationDto } from '@ledgerport/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssigneeSelect, UNASSIGNED } from './assignee-select';
import { useConversationChanges } from './use-conversation-changes';

/** From the inbox's row menu: choose the staff member a conversation is assigned to. */
export function AssignConversationDialog({
  conversation,
  onClose,
}: {
  conversation: ConversationDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={conversation !== null} onClose={onClose} title={t('messages.assign.title')} size={420} centered>
      {conversation && <AssignForm key={conversation.id} conversation={conversation} onDone={onClose} />}
    </Modal>
  );
}

function AssignForm({ conversation, onDone }: { conversation: ConversationDto; onDone: () => void }) {
  const { t } = useTranslation();
  const changes = useConversationChanges();
  const [choice, setChoice] = useState<{ value: string; name: string | null }>({
    value: conversation.assignee ? String(conversation.assignee.userId) : UNASSIGNED,
    name: conversation.assignee?.name ?? null,
  });

  const save = async () => {
    const assignee =
      choice.value === UNASSIGNED ? null : { userId: Number(choice.value), name: choice.name ?? choice.value };
    if (await changes.assign(conversation, assignee)) onDone();
  };

  return (
    <Stack gap="md">
      <AssigneeSelect
        conversation={conversation}
        value={choice.value}
        onChange={(value, name) => setChoice({ value, name })}
        description={conversation.subject}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={changes.isPending}>
          {t('common.actions.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={changes.isPending}>
          {t('messages.assign.save')}
        </Button>
      </Group>
    </Stack>
  );
}
