import type { ConversationDto } from '@ledgerport/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';

export const UNASSIGNED = 'none';

/**
 * Who a conversation may be assigned to: the staff among its participants, who are exactly the staff
 * who can see its client (the API computes them), with the current assignee kept even if they no
 * longer can, and "Nobody".
 */
export function assigneeChoices(conversation: ConversationDto, t: (key: 'messages.assign.nobody') => string) {
  const staff = conversation.participants
    .filter((participant) => participant.isStaff)
    .map((participant) => ({ userId: participant.userId, name: participant.name }));
  const current = conversation.assignee;
  if (current && !staff.some((person) => person.userId === current.userId)) staff.push(current);
  staff.sort((a, b) => a.name.localeCompare(b.name));
  return [
    { value: UNASSIGNED, label: t('messages.assign.nobody') },
    ...staff.map((person) => ({ value: String(person.userId), label: person.name })),
  ];
}

export function AssigneeSelect({
  conversation,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  conversation: ConversationDto;
  value: string;
  onChange: (value: string, name: string | null) => void;
}) {
  const { t } = useTranslation();
  const me = useSession().user?.id;
  const data = assigneeChoices(conversation, t).map((choice) =>
    choice.value === String(me) ? { ...choice, label: t('messages.assign.me', { name: choice.label }) } : choice,
  );
  return (
    <Select
      label={t('messages.assign.assignee')}
      searchable
      allowDeselect={false}
      {...props}
      data={data}
      value={value}
      onChange={(next) => {
        if (next === null) return;
        const person = conversation.participants.find((participant) => String(participant.userId) === next);
        onChange(next, person?.name ?? conversation.assignee?.name ?? null);
      }}
    />
  );
}
