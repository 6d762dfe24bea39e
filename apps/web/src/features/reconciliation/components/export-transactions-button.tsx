import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useExportTransactions } from '../api/export-transactions';
import type { TransactionsFilterQuery } from '../api/reconciliation-keys';

/** Downloads the transactions of the current search as .xlsx, under the server's file name. */
export function ExportTransactionsButton({
  clientId,
  accountId,
  query,
}: {
  clientId: number;
  accountId: number;
  query: TransactionsFilterQuery;
}) {
  const { t } = useTranslation();
  const exportTransactions = useExportTransactions(clientId, accountId);
  const run = async () => {
    try {
      const file = await exportTransactions.mutateAsync(query);
      saveFile(file, t('reconciliation.transactions.exportFileName'));
      notify.success(t('reconciliation.messages.exported'), { key: 'reconciliation-export' });
    } catch {
      notify.error(t('reconciliation.messages.exportError'), { key: 'reconciliation-export' });
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={exportTransactions.isPending}
      loaderProps={{ type: 'dots' }}
      aria-busy={exportTransactions.isPending}
      onClick={() => void run()}
    >
      {exportTransactions.isPending
        ? t('reconciliation.transactions.exporting')
        : t('reconciliation.transactions.export')}
    </Button>
  );
}
