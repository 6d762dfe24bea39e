import {
  CLIENT_TYPE,
  MAX_PAGE_SIZE,
  MESSAGE_LIMITS,
  type ClientListItemDto,
  type ClientType,
} from '@ledgerport/shared';
import { Button, Menu, Stack } from '@mantine/core';
import {
  IconBriefcase,
  IconChevronDown,
  IconClipboardList,
  IconMail,
  IconMessages,
  IconPlus,
  IconUser,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { clientKeys, type ClientsFilterQuery, type ClientsListQuery } from '@/features/clients/api/client-keys';
import { getClients, useClients } from '@/features/clients/api/get-clients';
import { useClientDefaultFilters } from '@/features/clients/api/get-default-filters';
import { ClientCompletionChart } from '@/features/bookkeeping/components/charts/client-completion-chart';
import { ClientDetailsDrawer } from '@/features/clients/components/client-details-drawer';
import { ClientRequests } from '@/features/requests/components/client-requests';
import { RequestFormModal } from '@/features/requests/components/request-form-modal';
import { ClientStatusDialog, type ClientTarget } from '@/features/clients/components/client-status-dialog';
import { ClientsTable } from '@/features/clients/components/clients-table';
import {
  ClientsSearchPanel,
  DEFAULT_CLIENT_FILTERS,
  STATUS_ALL,
  type ClientFiltersState,
} from '@/features/clients/components/clients-search-panel';
import { CreateClientModal } from '@/features/clients/components/create-client-modal';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { ExportClientsButton } from '@/features/clients/components/export-clients-button';
import { SendEmailModal } from '@/features/clients/components/send-email-modal';
import { BulkMessageModal, type BulkTargets } from '@/features/messages/components/bulk-message-modal';
import { useAuthorization } from '@/lib/authorization';
import { href } from '../../routes-table';

/** The URL's filters as the API takes them: "all" statuses and types are no filter at all. */
function toApiFilters(filters: ClientFiltersState): ClientsFilterQuery {
  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  return {
    fullName: filters.fullName,
    taxpayerIdentificationNumber: filters.taxpayerIdentificationNumber,
    socialSecurityNumber: filters.socialSecurityNumber,
    phoneNumber: filters.phoneNumber,
    city: filters.city,
    stateId: number(filters.stateId),
    serviceId: number(filters.serviceId),
    ownerOrCollaboratorUserId: number(filters.ownerOrCollaboratorUserId),
    advisorUserId: number(filters.advisorUserId),
    emailAddress: filters.emailAddress,
    isActive: filters.isActive === 'true' ? true : filters.isActive === 'false' ? false : undefined,
    clientType:
      filters.clientType === '1' || filters.clientType === '2' ? (Number(filters.clientType) as 1 | 2) : undefined,
  };
}

/**
 * The ids of the clients a search lists, in its order, up to the most one bulk message takes: the
 * bulk message names its clients (the e-mail sends the filters instead), a page of MAX_PAGE_SIZE at a time.
 */
async function clientIdsOf(filters: ClientsFilterQuery, signal: AbortSignal): Promise<BulkTargets> {
  const ids: number[] = [];
  let total = 0;
  do {
    const page = await getClients({ ...filters, limit: MAX_PAGE_SIZE, offset: ids.length }, signal);
    total = page.totalCount;
    ids.push(...page.items.map((client) => client.id));
    if (page.items.length === 0) break;
  } while (ids.length < Math.min(total, MESSAGE_LIMITS.bulkClients));
  return { ids: ids.slice(0, MESSAGE_LIMITS.bulkClients), total };
}

const clientTypeParam = (clientType: number) => (clientType === CLIENT_TYPE.business ? 'business' : 'personal');

/** Clients (spec 02, Clients list): search, send e-mail, export, create, details, status, delete. */
export function ClientsRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An employee's list starts with their department's first service (the server knows which).
  const defaults = useClientDefaultFilters();
  const defaultFilters: ClientFiltersState = defaults.data?.serviceId
    ? { ...DEFAULT_CLIENT_FILTERS, serviceId: String(defaults.data.serviceId) }
    : DEFAULT_CLIENT_FILTERS;
  const list = useListParams<ClientFiltersState>(defaultFilters);
  const [searchOpened, setSearchOpened] = useState(false);
  const [createType, setCreateType] = useState<ClientType | null>(null);
  const [emailOpened, setEmailOpened] = useState(false);
  const [requestOpened, setRequestOpened] = useState(false);
  const [messageOpened, setMessageOpened] = useState(false);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [statusTarget, setStatusTarget] = useState<ClientTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<ClientTarget | null>(null);

  const filters = toApiFilters(list.filters);
  const query: ClientsListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...list.sort,
    ...filters,
  };
  // Wait for the starting filter, so an employee never sees the unfiltered list flash by.
  const clients = useClients(query, { enabled: !defaults.isPending });

  /** Spec 02 section 4: the only row of a later page left the list, so show the page before it. */
  const afterRemoval = (rowStaysVisible: boolean) => {
    const previous = pageAfterRemoval(list.page, clients.data?.items.length ?? 0, rowStaysVisible);
    if (previous !== list.page) list.setPage(previous);
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
  };

  const createMenu = (variant: 'filled' | 'light') =>
    can('client:add') ? (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant={variant} leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
            {t('clients.actions.create')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconBriefcase size={16} />} onClick={() => setCreateType(CLIENT_TYPE.business)}>
            {t('clients.actions.createBusiness')}
          </Menu.Item>
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => setCreateType(CLIENT_TYPE.personal)}>
            {t('clients.actions.createPersonal')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    ) : undefined;

  const target = (client: ClientListItemDto): ClientTarget => ({
    id: client.id,
    name: client.name,
    isActive: client.isActive,
    version: client.version,
  });
  const { sortedBy, sortedDesc } = list.sort;

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.clients')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {can('client:send-email') && (
          <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setEmailOpened(true)}>
            {t('clients.actions.sendEmail')}
          </Button>
        )}
        {can('message:bulk') && (
          <Button variant="default" leftSection={<IconMessages size={16} />} onClick={() => setMessageOpened(true)}>
            {t('messages.bulk.action')}
          </Button>
        )}
        {can('request:add') && (
          <Button
            variant="default"
            leftSection={<IconClipboardList size={16} />}
            onClick={() => setRequestOpened(true)}
          >
            {t('requests.actions.sendToClients')}
          </Button>
        )}
        {can('client:export') && <ExportClientsButton query={{ sortedBy, sortedDesc, ...filters }} />}
        {createMenu('filled')}
      </PageHeader>
      <ClientsSearchPanel
        opened={searchOpened}
        filters={list.filters}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <ClientsTable
        label={t('nav.clients')}
        rows={clients.data?.items}
        totalCount={clients.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={clients.isFetching || defaults.isPending}
        isError={clients.isError}
        onRetry={() => void clients.refetch()}
        isFiltered={list.isFiltered}
        emptyAction={createMenu('light')}
        actions={{
          editHref: can('client:edit')
            ? (client) => href('EditClient', { clientType: clientTypeParam(client.clientType), id: client.id })
            : undefined,
          onDetails: can('client:view') ? (client) => setDetailsId(client.id) : undefined,
          onChangeStatus: can('client:change-status') ? (client) => setStatusTarget(target(client)) : undefined,
          onDelete: can('client:delete') ? (client) => setDeleteTarget(target(client)) : undefined,
        }}
      />
      <CreateClientModal
        clientType={createType}
        onClose={() => {
          setCreateType(null);
        }}
        onCreated={(created) => {
          setCreateType(null);
          void navigate(href('EditClient', { clientType: clientTypeParam(created.clientType), id: created.id }));
        }}
      />
      <SendEmailModal
        opened={emailOpened}
        query={{ sortedBy, sortedDesc, ...filters }}
        onClose={() => setEmailOpened(false)}
      />
      {can('message:bulk') && (
        <BulkMessageModal
          opened={messageOpened}
          onClose={() => setMessageOpened(false)}
          targetsKey={JSON.stringify({ sortedBy, sortedDesc, ...filters })}
          loadTargets={(signal) => clientIdsOf({ sortedBy, sortedDesc, ...filters }, signal)}
        />
      )}
      {can('request:add') && (
        <RequestFormModal
          opened={requestOpened}
          onClose={() => setRequestOpened(false)}
          clientsQuery={{ sortedBy, sortedDesc, ...filters }}
          clientsCount={clients.data?.totalCount}
        />
      )}
      <ClientDetailsDrawer
        clientId={detailsId}
        onClose={() => setDetailsId(null)}
        extra={
          can('request:list') || can('bookkeeping:list')
            ? (client) => (
                <>
                  {can('request:list') && (
                    <ClientRequests
                      client={{ id: client.id, name: client.name }}
                      allHref={href('Requests', null, { clientId: client.id, clientName: client.name, status: 'all' })}
                      requestHref={(id) => href('Request', { id })}
                    />
                  )}
                  {can('bookkeeping:list') && <ClientCompletionChart clientId={client.id} />}
                </>
              )
            : undefined
        }
      />
      <ClientStatusDialog
        target={statusTarget}
        onClose={() => {
          setStatusTarget(null);
        }}
        onChanged={() => afterRemoval(list.filters.isActive === STATUS_ALL || !list.filters.isActive)}
      />
      <DeleteClientDialog
        target={deleteTarget}
        onClose={() => {
          setDeleteTarget(null);
        }}
        onDeleted={() => afterRemoval(false)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: clientKeys.all })}
      />
    </Stack>
  );
}
