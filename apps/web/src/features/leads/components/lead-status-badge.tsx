import { LEAD_STATUS, type LeadStatusDto } from '@ledgerport/shared';
import { Badge } from '@mantine/core';

function colorOf(id: number): string {
  if (id === LEAD_STATUS.completed) return 'teal';
  if (id === LEAD_STATUS.purge || id === LEAD_STATUS.closed) return 'gray';
  if (id >= LEAD_STATUS.createAccount) return 'blue';
  return 'orange';
}

/** The lead status chip (spec 02, Lead details). */
export function LeadStatusBadge({ status }: { status: LeadStatusDto }) {
  return (
    <Badge variant="light" color={colorOf(status.id)} style={{ textTransform: 'none' }}>
      {status.displayName}
    </Badge>
  );
}
