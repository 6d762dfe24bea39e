import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import type { ContractorsFilterQuery } from '../api/contractor-keys';
import { useExportContractors } from '../api/export-contractors';

/** Downloads the contractors of the current search and tax year, in its order, under the server's file name. */
export function ExportContractorsButton({ query }: { query: ContractorsFilterQuery }) {
  const { t } = useTranslation();
  const exportContractors = useExportContractors();
  const run = async () => {
    try {
      const file = await exportContractors.mutateAsync(query);
      saveFile(file, t('contractors.exportFileName'));
      notify.success(t('contractors.messages.exported'), { key: 'contractors-export' });
    } catch {
      notify.error(t('contractors.messages.exportError'), { key: 'contractors-export' });
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={exportContractors.isPending}
      loaderProps={{ type: 'dots' }}
      aria-busy={exportContractors.isPending}
      onClick={() => void run()}
    >
      {exportContractors.isPending ? t('contractors.actions.exporting') : t('contractors.actions.export')}
    </Button>
  );
}
