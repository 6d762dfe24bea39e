import type { AuditEventDto } from '@ledgerport/shared';
import { Code, Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailField } from '@/components/ui/detail-field';
import { formatDate } from '@/lib/dates';
import { AUDIT_TIME_FORMAT } from './audit-events-table';

/** One event in full: who, what, from where, the request id to find it in the server logs, and its details. */
export function AuditEventDrawer({ event, onClose }: { event: AuditEventDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const none = t('auditLog.details.none');
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title={t('auditLog.details.title')}>
      {event && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="xs" component="dl" m={0}>
            <DetailField label={t('auditLog.details.time')}>{formatDate(event.time, AUDIT_TIME_FORMAT)}</DetailField>
            <DetailField label={t('auditLog.details.action')}>{event.action}</DetailField>
            <DetailField label={t('auditLog.details.actor')}>
              {event.actor ? `${event.actor.fullName} (#${event.actor.id})` : t('auditLog.system')}
            </DetailField>
            <DetailField label={t('auditLog.details.object')}>
              {event.objectType ? `${event.objectType} ${event.objectId ?? ''}` : none}
            </DetailField>
            <DetailField label={t('auditLog.details.client')}>
              {event.client ? `${event.client.name} (#${event.client.id})` : none}
            </DetailField>
            <DetailField label={t('auditLog.details.ipAddress')}>{event.ipAddress ?? none}</DetailField>
            <DetailField label={t('auditLog.details.userAgent')}>{event.userAgent ?? none}</DetailField>
            <DetailField label={t('auditLog.details.requestId')}>{event.requestId ?? none}</DetailField>
          </SimpleGrid>
          <div>
            <Text size="sm" c="dimmed" mb={4} id="audit-event-details">
              {t('auditLog.details.data')}
            </Text>
            {/* Rendered as text: details may hold what users typed. */}
            <Code block aria-labelledby="audit-event-details">
              {event.details ? JSON.stringify(event.details, null, 2) : none}
            </Code>
          </div>
        </Stack>
      )}
    </Drawer>
  );
}
