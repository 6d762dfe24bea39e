import type { MailStatus } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<MailStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  kept: 'indigo',
  failed: 'red',
};

/** The delivery status in words (the colour only repeats it). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return (
    // Never cut to "Kept (no S…)": the words are the status, the colour only repeats it.
    <Badge
      color={COLOR[status]}
      variant="light"
      radius="sm"
      tt="none"
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {t(`mail.status.${status}`)}
    </Badge>
  );
}
