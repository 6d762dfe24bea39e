import { Button, Progress, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useExportAuditEvents } from '../api/export-audit-events';
import type { AuditEventsListQuery } from '../api/audit-log-keys';

/** Downloads every event matching the current filters; the file can be large, so the wait shows. */
export function ExportAuditButton({ query }: { query: Omit<AuditEventsListQuery, 'limit' | 'offset'> }) {
  const { t } = useTranslation();
  const exportEvents = useExportAuditEvents();
  const run = async () => {
    try {
      const file = await exportEvents.mutateAsync(query);
      saveFile(file, t('auditLog.exportFileName'));
      notify.success(t('auditLog.messages.exported'), { key: 'audit-export' });
    } catch {
      notify.error(t('auditLog.messages.exportError'), { key: 'audit-export' });
    }
  };
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={exportEvents.isPending}
        loaderProps={{ type: 'dots' }}
        aria-busy={exportEvents.isPending}
        onClick={() => void run()}
      >
        {exportEvents.isPending ? t('auditLog.actions.exporting') : t('auditLog.actions.export')}
      </Button>
      {exportEvents.isPending && (
        <Progress value={100} animated size="xs" aria-label={t('auditLog.actions.exporting')} />
      )}
    </Stack>
  );
}
