import type { AuditEventDto } from '@ledgerport/shared';
import { Code, Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';
import { AUDIT_TIME_FORMAT } from './audit-events-table';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </>
  );
}

/** One event in full: who, what, from where, the request id to find it in the server logs, and its details. */
export function AuditEventDrawer({ event, onClose }: { event: AuditEventDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const none = t('auditLog.details.none');
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title={t('auditLog.details.title')}>
      {event && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="xs" component="dl" m={0}>
            <Field label={t('auditLog.details.time')}>{formatDate(event.time, AUDIT_TIME_FORMAT)}</Field>
            <Field label={t('auditLog.details.action')}>{event.action}</Field>
            <Field label={t('auditLog.details.actor')}>
              {event.actor ? `${event.actor.fullName} (#${event.actor.id})` : t('auditLog.system')}
            </Field>
            <Field label={t('auditLog.details.object')}>
              {event.objectType ? `${event.objectType} ${event.objectId ?? ''}` : none}
            </Field>
            <Field label={t('auditLog.details.client')}>
              {event.client ? `${event.client.name} (#${event.client.id})` : none}
            </Field>
            <Field label={t('auditLog.details.ipAddress')}>{event.ipAddress ?? none}</Field>
            <Field label={t('auditLog.details.userAgent')}>{event.userAgent ?? none}</Field>
            <Field label={t('auditLog.details.requestId')}>{event.requestId ?? none}</Field>
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
