import type { DocumentListItemDto } from '@ledgerport/shared';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconProgressCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listedVersions } from '@/lib/conflicts';
import { useSearchParams } from 'react-router';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useAuthorization } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { useSession } from '@/lib/session';
import { documentKeys, type DocumentsListQuery } from '../api/document-keys';
import { useDownloadDocuments } from '../api/download-documents';
import { useDocumentDefaultFilters } from '../api/get-default-filters';
import { useDocuments } from '../api/get-documents';
import { useDocumentFiles } from '../hooks/use-document-files';
import { parseTagIds, toDocumentsQuery, type DocumentFiltersState } from '../lib/document-filters';
import { DOCUMENT_PERMISSION, type DocumentListKind } from '../lib/document-kind';
import { UploadDialog } from '../upload/upload-dialog';
import { ChangeStatusDialog } from './change-status-dialog';
import { DeleteDocumentsDialog } from './delete-documents-dialog';
import { DocumentCommentsDrawer } from './document-comments-drawer';
import { DocumentPreview } from './document-preview';
import { DocumentsSearchPanel } from './documents-search-panel';
import { DocumentsTable } from './documents-table';
import { EditDocumentDialog } from './edit-document-dialog';
import { ShareDocumentDialog } from './share-document-dialog';

const NO_FILTERS: DocumentFiltersState = {};

/**
 * My uploads and Received docs (spec 02): one screen, two lists. Who sees which columns and filters:
 * staff have the client column and filter; the status filter is the client's on My uploads and
 * staff's on Received docs; the status column shows on My uploads for everyone and on Received docs
 * for staff only.
 */
export function DocumentsScreen({
  kind,
  title,
  documentHref,
}: {
  kind: DocumentListKind;
  title: string;
  documentHref: (id: number) => string;
}) {
  const { t } = useTranslation();
  const { can, isClient } = useAuthorization();
  const { currentClient } = useSession();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const permission = DOCUMENT_PERMISSION[kind];

  // An employee's lists start with their department's first service (the server knows which).
  const defaults = useDocumentDefaultFilters({ enabled: !isClient });
  const defaultFilters: DocumentFiltersState =
    !isClient && defaults.data?.serviceId ? { serviceId: String(defaults.data.serviceId) } : NO_FILTERS;
  const list = useListParams<DocumentFiltersState>(defaultFilters);
  // Tags come repeated from Home (tagId=1&tagId=2), which the one-value-per-key filters cannot hold.
  const tagIds = parseTagIds(searchParams.getAll('tagId'));
  const tagIdList = tagIds.join(',');
  // One object while the address stays: the search panel takes a new one for a change of the applied
  // filters and puts them into its fields, which would wipe a name being typed whenever the list answered.
  const filters: DocumentFiltersState = useMemo(
    () => ({ ...list.filters, tagId: tagIdList || undefined }),
    [list.filters, tagIdList],
  );

  const withClient = !isClient;
  const withStatusFilter = kind === 'my-upload' ? isClient : !isClient;
  const showStatus = kind === 'my-upload' || !isClient;

  const [searchOpened, setSearchOpened] = useState(list.isFiltered);
  const query: DocumentsListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...list.sort,
    ...toDocumentsQuery(filters, tagIds, { withClient, withStatus: withStatusFilter }),
  };
  // Wait for the starting filter, so an employee never sees the unfiltered list flash by.
  const waitingForDefaults = !isClient && defaults.isPending;
  const documents = useDocuments(kind, query, { enabled: !waitingForDefaults });
  const rows = documents.data?.items;

  // Selection belongs to the page on screen: another page, sort or search starts with none.
  const queryKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>({ key: queryKey, ids: new Set() });
  const selectedIds = selection.key === queryKey ? selection.ids : new Set<number>();
  const selectedOnPage = (rows ?? []).filter((row) => selectedIds.has(row.id)).map((row) => row.id);
  const setSelectedIds = (ids: Set<number>) => setSelection({ key: queryKey, ids });

  const [uploadOpened, setUploadOpened] = useState(false);
  const [deleteIds, setDeleteIds] = useState<number[] | null>(null);
  const [statusIds, setStatusIds] = useState<number[] | null>(null);
  const [editTarget, setEditTarget] = useState<DocumentListItemDto | null>(null);
  const [commentsTarget, setCommentsTarget] = useState<DocumentListItemDto | null>(null);
  const [shareTarget, setShareTarget] = useState<DocumentListItemDto | null>(null);
  const files = useDocumentFiles();
  const download = useDownloadDocuments();
  const downloadingZip = download.isPending && (download.variables?.length ?? 0) > 1;

  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all });

  const runDownload = async () => {
    const ids = selectedOnPage;
    if (ids.length === 0) return;
    try {
      const file = await download.mutateAsync(ids);
      const single = ids.length === 1 ? rows?.find((row) => row.id === ids[0]) : undefined;
      saveFile(file, single?.fileName ?? t('documents.zipFileName'));
    } catch {
      notify.error(t('documents.messages.downloadError'), { key: 'documents-download' });
    }
  };

  const uploadButton = (variant: 'filled' | 'light') =>
    kind === 'my-upload' && can(DOCUMENT_PERMISSION['my-upload'].add) ? (
      <Button variant={variant} leftSection={<IconUpload size={16} />} onClick={() => setUploadOpened(true)}>
        {variant === 'light' ? t('documents.empty.uploadPrompt') : t('documents.actions.upload')}
      </Button>
    ) : undefined;
  const canDelete = can(permission.delete);
  const canChangeStatus = kind === 'received' && can(DOCUMENT_PERMISSION.received.changeStatus);
  const nothingSelected = selectedOnPage.length === 0;

  return (
    <Stack gap="md">
      <PageHeader title={title}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={nothingSelected}
          loading={download.isPending}
          loaderProps={{ type: 'dots' }}
          onClick={() => void runDownload()}
        >
          {t('documents.actions.download')}
        </Button>
        {canDelete && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={nothingSelected}
            onClick={() => setDeleteIds(selectedOnPage)}
          >
            {t('documents.actions.delete')}
          </Button>
        )}
        {canChangeStatus && (
          <Button
            variant="default"
            leftSection={<IconProgressCheck size={16} />}
            disabled={nothingSelected}
            onClick={() => setStatusIds(selectedOnPage)}
          >
            {t('documents.actions.changeStatus')}
          </Button>
        )}
        {uploadButton('filled')}
      </PageHeader>
      {downloadingZip && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{t('documents.zipProgress')}</Text>
          <Progress value={100} striped animated aria-label={t('documents.zipProgress')} />
        </Stack>
      )}
      <DocumentsSearchPanel
        opened={searchOpened}
        filters={filters}
        withClient={withClient}
        withStatus={withStatusFilter}
        servicesOfClientId={isClient ? (currentClient?.id ?? null) : null}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      {selectedOnPage.length > 0 && (
        <Group>
          <Text size="sm" aria-live="polite">
            {t('documents.selected', { count: selectedOnPage.length })}
          </Text>
        </Group>
      )}
      <DocumentsTable
        label={title}
        rows={rows}
        totalCount={documents.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={documents.isFetching || waitingForDefaults}
        isError={documents.isError}
        onRetry={() => void documents.refetch()}
        isFiltered={list.isFiltered}
        emptyAction={uploadButton('light')}
        showClient={!isClient}
        showStatus={showStatus}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        documentHref={documentHref}
        actions={{
          onEdit: can(permission.edit) ? setEditTarget : undefined,
          onPreview: (row) => void files.preview(row),
          onComments: setCommentsTarget,
          onShare: setShareTarget,
        }}
      />
      {kind === 'my-upload' && (
        <UploadDialog opened={uploadOpened} onClose={() => setUploadOpened(false)} onUploaded={() => void refresh()} />
      )}
      <DeleteDocumentsDialog
        kind={kind}
        documentIds={deleteIds}
        versions={listedVersions(deleteIds, rows)}
        onClose={() => setDeleteIds(null)}
        onDeleted={({ stale }) => {
          const removedAll = !stale && deleteIds !== null && deleteIds.length === (rows?.length ?? 0);
          // Spec 02 section 4: the page emptied and is not the first, so show the page before it.
          const previous = removedAll ? pageAfterRemoval(list.page, 1) : list.page;
          setDeleteIds(null);
          setSelectedIds(new Set());
          if (previous !== list.page) list.setPage(previous);
          void refresh();
        }}
      />
      <ChangeStatusDialog
        documentIds={statusIds}
        versions={listedVersions(statusIds, rows)}
        onClose={() => setStatusIds(null)}
        onChanged={() => {
          setStatusIds(null);
          setSelectedIds(new Set());
        }}
      />
      <EditDocumentDialog document={editTarget} isClient={isClient} onClose={() => setEditTarget(null)} />
      <DocumentCommentsDrawer document={commentsTarget} onClose={() => setCommentsTarget(null)} />
      <ShareDocumentDialog document={shareTarget} onClose={() => setShareTarget(null)} />
      {/* Previous and Next walk the rows of the page on screen, in their order. */}
      <DocumentPreview documents={rows ?? []} files={files} />
    </Stack>
  );
}
