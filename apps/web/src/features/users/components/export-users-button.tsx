import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useExportUsers } from '../api/export-users';
import type { UsersListQuery } from '../api/user-keys';

/** Downloads the users matching the current search, in its order, under the server's file name. */
export function ExportUsersButton({ query }: { query: Omit<UsersListQuery, 'limit' | 'offset'> }) {
  const { t } = useTranslation();
  const exportUsers = useExportUsers();
  const run = async () => {
    try {
      const file = await exportUsers.mutateAsync(query);
      saveFile(file, t('users.exportFileName'));
      notify.success(t('users.messages.exported'), { key: 'users-export' });
    } catch {
      notify.error(t('users.messages.exportError'), { key: 'users-export' });
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={exportUsers.isPending}
      loaderProps={{ type: 'dots' }}
      aria-busy={exportUsers.isPending}
      onClick={() => void run()}
    >
      {exportUsers.isPending ? t('users.actions.exporting') : t('users.actions.export')}
    </Button>
  );
}
