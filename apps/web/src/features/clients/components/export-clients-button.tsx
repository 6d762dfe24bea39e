import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import type { ClientsFilterQuery } from '../api/client-keys';
import { useExportClients } from '../api/export-clients';

/** Downloads the clients of the current search, in its order, under the server's file name. */
export function ExportClientsButton({ query }: { query: ClientsFilterQuery }) {
  const { t } = useTranslation();
  const exportClients = useExportClients();
  const run = async () => {
    try {
      const file = await exportClients.mutateAsync(query);
      saveFile(file, t('clients.exportFileName'));
      notify.success(t('clients.messages.exported'), { key: 'clients-export' });
    } catch {
      notify.error(t('clients.messages.exportError'), { key: 'clients-export' });
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={exportClients.isPending}
      loaderProps={{ type: 'dots' }}
      aria-busy={exportClients.isPending}
      onClick={() => void run()}
    >
      {exportClients.isPending ? t('clients.actions.exporting') : t('clients.actions.export')}
    </Button>
  );
}
