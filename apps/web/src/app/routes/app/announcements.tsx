import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { useAnnouncements } from '@/features/announcements/api/get-announcements';
import { AnnouncementDetailsModal } from '@/features/announcements/components/announcement-details-modal';
import {
  AnnouncementStatusDialog,
  type AnnouncementTarget,
} from '@/features/announcements/components/announcement-status-dialog';
import { AnnouncementsTable } from '@/features/announcements/components/announcements-table';
import { CreateAnnouncementModal } from '@/features/announcements/components/create-announcement-modal';
import { useAuthorization } from '@/lib/authorization';

const NO_FILTERS = {};

/** Announcements (spec 02): list, create, preview with acknowledgements, activate and deactivate. */
export function AnnouncementsRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const list = useListParams(NO_FILTERS);
  const [createOpened, setCreateOpened] = useState(false);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [statusTarget, setStatusTarget] = useState<AnnouncementTarget | null>(null);
  const announcements = useAnnouncements({ limit: list.pageSize, offset: (list.page - 1) * list.pageSize });

  const createButton = (variant: 'filled' | 'light') =>
    can('announcement:add') ? (
      <Button variant={variant} leftSection={<IconPlus size={16} />} onClick={() => setCreateOpened(true)}>
        {t('announcements.actions.create')}
      </Button>
    ) : undefined;

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.announcements')}>{createButton('filled')}</PageHeader>
      <AnnouncementsTable
        label={t('nav.announcements')}
        rows={announcements.data?.items}
        totalCount={announcements.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        isLoading={announcements.isFetching}
        isError={announcements.isError}
        onRetry={() => void announcements.refetch()}
        isFiltered={false}
        emptyAction={createButton('light')}
        actions={{
          onOpen: can('announcement:view') ? (row) => setDetailsId(row.id) : undefined,
          onChangeStatus: can('announcement:change-status')
            ? (row) => setStatusTarget({ id: row.id, title: row.title, isActive: row.isActive, version: row.version })
            : undefined,
        }}
      />
      <CreateAnnouncementModal opened={createOpened} onClose={() => setCreateOpened(false)} />
      <AnnouncementDetailsModal id={detailsId} onClose={() => setDetailsId(null)} />
      <AnnouncementStatusDialog target={statusTarget} onClose={() => setStatusTarget(null)} />
    </Stack>
  );
}
