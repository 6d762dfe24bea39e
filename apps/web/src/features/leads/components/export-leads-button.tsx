import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import type { LeadsFilterQuery } from '../api/lead-keys';
import { useExportLeads } from '../api/export-leads';

/** Downloads the leads of the current search, in its order, as .xlsx under the server's file name. */
export function ExportLeadsButton({ query }: { query: LeadsFilterQuery }) {
  const { t } = useTranslation();
  const exportLeads = useExportLeads();
  const run = async () => {
    try {
      const file = await exportLeads.mutateAsync(query);
      saveFile(file, t('leads.exportFileName'));
      notify.success(t('leads.messages.exported'), { key: 'leads-export' });
    } catch {
      notify.error(t('leads.messages.exportError'), { key: 'leads-export' });
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={exportLeads.isPending}
      loaderProps={{ type: 'dots' }}
      aria-busy={exportLeads.isPending}
      onClick={() => void run()}
    >
      {exportLeads.isPending ? t('leads.actions.exporting') : t('leads.actions.export')}
    </Button>
  );
}
