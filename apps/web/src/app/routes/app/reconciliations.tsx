import { ACCOUNT_SUBTYPE, type InstitutionAccountDto } from '@ledgerport/shared';
import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCreditCard, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useBookkeepingClients } from '@/features/reconciliation/api/get-bookkeeping-clients';
import { useInstitutionAccounts } from '@/features/reconciliation/api/get-institution-accounts';
import { useTransactionCategories } from '@/features/reconciliation/api/get-transaction-categories';
import { reconciliationKeys } from '@/features/reconciliation/api/reconciliation-keys';
import { useSynchronizeAccounts } from '@/features/reconciliation/api/synchronize-accounts';
import { AccountsOverview } from '@/features/reconciliation/components/accounts-overview';
import { BankLinkFlow } from '@/features/reconciliation/components/bank-link/bank-link-flow';
import { useBankLink, type LinkRequest } from '@/features/reconciliation/components/bank-link/use-bank-link';
import { NetCashChart } from '@/features/reconciliation/components/charts/net-cash-chart';
import { ChooseClientModal } from '@/features/reconciliation/components/choose-client-modal';
import { ClientSummary } from '@/features/reconciliation/components/client-summary';
import { toDoKeys } from '@/features/requests/api/request-keys';
import { QuestionsPanel } from '@/features/transaction-questions/components/questions-panel';
import { useAuthorization } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { href } from '../../routes-table';

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

type Tab = 'accounts' | 'questions';

/**
 * Reconciliations (spec 03): a client's checking accounts, credit cards and net cash, with adding
 * accounts and synchronising. Staff choose the client (query clientId); a client user sees their
 * current client. The Questions tab (query tab=questions, issue 24 item 1) holds the firm's
 * questions about the client's transactions: answered by the client, resolved by the firm.
 */
export function ReconciliationsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, isClient } = useAuthorization();
  const { currentClient } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();

  const clients = useBookkeepingClients({ enabled: !isClient });
  const requestedClientId = positiveId(searchParams.get('clientId'));
  const hasClientParam = searchParams.has('clientId');
  const chosen = isClient ? null : (clients.data?.find((client) => client.id === requestedClientId) ?? null);
  const clientId = isClient ? (currentClient?.id ?? null) : (chosen?.id ?? null);
  const clientName = isClient ? (currentClient?.name ?? '') : (chosen?.name ?? '');

  const canSeeQuestions = can('reconciliation:question|reconciliation:question:answer');
  const tab: Tab = canSeeQuestions && searchParams.get('tab') === 'questions' ? 'questions' : 'accounts';
  const focusQuestionId = positiveId(searchParams.get('questionId'));
  const queryClient = useQueryClient();
  const categories = useTransactionCategories({ enabled: tab === 'questions' });
  const showTab = (next: Tab) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'questions') params.set('tab', next);
        else params.delete('tab');
        params.delete('questionId');
        return params;
      },
      { replace: true },
    );
  // A question's answer moves it off the To do and changes its transaction's status.
  const questionChanged = () => {
    void queryClient.invalidateQueries({ queryKey: toDoKeys.all });
    if (clientId !== null) void queryClient.invalidateQueries({ queryKey: reconciliationKeys.accounts(clientId) });
  };

  const [changingClient, setChangingClient] = useState(false);
  const chooserOpened = !isClient && (changingClient || !hasClientParam);

  // A clientId that names no bookkeeping client starts over with the chooser.
  const unknownClient = !isClient && hasClientParam && clients.isSuccess && chosen === null;
  useEffect(() => {
    if (unknownClient) void navigate(href('Reconciliations'), { replace: true });
  }, [unknownClient, navigate]);

  const accounts = useInstitutionAccounts(clientId);
  // Settled errors only: a client chosen again after a failure is fetched anew before judging it.
  const accountsFailed = accounts.isError && !accounts.isFetching;
  useEffect(() => {
    if (!accountsFailed) return;
    notify.error(t('errors.fetch'), { key: 'reconciliation-accounts-fetch' });
    // Spec 03: a failed load returns to Reconciliations, i.e. to the chooser for staff.
    if (!isClient) void navigate(href('Reconciliations'), { replace: true });
  }, [accountsFailed, isClient, navigate, t]);

  // The page polls while a synchronisation runs, so it can say when the new data is in.
  const isSyncing = accounts.data?.isSyncing ?? false;
  const previousSync = useRef({ clientId, isSyncing });
  useEffect(() => {
    const previous = previousSync.current;
    if (previous.clientId === clientId && previous.isSyncing && !isSyncing) {
      notify.success(t('reconciliation.messages.synchronized'), { key: 'reconciliation-synced' });
    }
    previousSync.current = { clientId, isSyncing };
  }, [clientId, isSyncing, t]);

  const link = useBankLink(clientId ?? 0);
  const sync = useSynchronizeAccounts(clientId ?? 0);

  const closeChooser = () => {
    setChangingClient(false);
    if (clientId === null) void navigate(href('Dashboard'));
  };
  const choose = (id: number) => {
    setChangingClient(false);
    setSearchParams({ clientId: String(id), ...(tab === 'questions' ? { tab } : {}) });
  };
  const transactionsHref = (account: InstitutionAccountDto) =>
    href(
      'ReconciliationTransactions',
      { institutionAccountId: account.id },
      isClient ? undefined : { clientId: clientId ?? undefined },
    );
  const starting = link.starting;
  const isStarting = (request: LinkRequest) =>
    starting?.kind === 'add' && request.kind === 'add' && starting.subtype === request.subtype;
  const addChecking: LinkRequest = { kind: 'add', subtype: ACCOUNT_SUBTYPE.checking };
  const addCreditCard: LinkRequest = { kind: 'add', subtype: ACCOUNT_SUBTYPE.creditCard };
  const busy = starting !== null || link.finishing || link.session !== null;

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.reconciliations')}>
        {clientId !== null && accounts.data && (
          <>
            {can('reconciliation:add-account') && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  loading={isStarting(addChecking)}
                  disabled={busy && !isStarting(addChecking)}
                  onClick={() => link.start(addChecking)}
                >
                  {t('reconciliation.actions.addChecking')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconCreditCard size={16} aria-hidden />}
                  loading={isStarting(addCreditCard)}
                  disabled={busy && !isStarting(addCreditCard)}
                  onClick={() => link.start(addCreditCard)}
                >
                  {t('reconciliation.actions.addCreditCard')}
                </Button>
              </>
            )}
            {can('reconciliation:sync') && (
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={sync.isPending}
                onClick={() => sync.mutate()}
              >
                {t('reconciliation.actions.synchronize')}
              </Button>
            )}
          </>
        )}
      </PageHeader>

      {!isClient && hasClientParam && clients.isPending && (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
      {clientId !== null && (
        <>
          <ClientSummary
            clientName={clientName}
            data={accounts.data}
            onChangeClient={isClient ? null : () => setChangingClient(true)}
          />
          {accounts.isPending && (
            <Center py="xl">
              <Loader aria-label={t('app.loading')} />
            </Center>
          )}
          {accountsFailed && isClient && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <Text size="sm">{t('errors.fetch')}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void accounts.refetch()}>
                  {t('errors.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          <Tabs value={tab} onChange={(value) => showTab(value === 'questions' ? 'questions' : 'accounts')}>
            {canSeeQuestions && (
              <Tabs.List mb="md">
                <Tabs.Tab value="accounts">{t('transactionQuestions.panel.accountsTab')}</Tabs.Tab>
                <Tabs.Tab value="questions">{t('transactionQuestions.panel.tab')}</Tabs.Tab>
              </Tabs.List>
            )}
            <Tabs.Panel value="accounts">
              <Stack gap="md">
                {accounts.data && (
                  <AccountsOverview
                    data={accounts.data}
                    transactionsHref={can('reconciliation:transaction:list') ? transactionsHref : null}
                    onReconnect={
                      can('reconciliation:add-account')
                        ? (institution) => link.start({ kind: 'reconnect', institution })
                        : null
                    }
                    reconnectingInstitutionId={starting?.kind === 'reconnect' ? starting.institution.id : null}
                  />
                )}
                {accounts.data && <NetCashChart clientId={clientId} />}
              </Stack>
            </Tabs.Panel>
            {canSeeQuestions && (
              <Tabs.Panel value="questions">
                {tab === 'questions' && (
                  <QuestionsPanel
                    key={clientId}
                    clientId={clientId}
                    isClient={isClient}
                    focusQuestionId={focusQuestionId}
                    canReview={!isClient && can('reconciliation:question')}
                    canAnswer={isClient && can('reconciliation:question:answer')}
                    categories={categories.data ?? []}
                    receiptHref={can('my-upload:list|received:list') ? (id) => href('Document', { id }) : null}
                    onChanged={questionChanged}
                  />
                )}
              </Tabs.Panel>
            )}
          </Tabs>
          <BankLinkFlow link={link} />
        </>
      )}

      <ChooseClientModal
        opened={chooserOpened}
        clients={clients.data}
        isLoading={clients.isPending}
        isError={clients.isError}
        selectedClientId={clientId}
        onChoose={choose}
        onClose={closeChooser}
      />
    </Stack>
  );
}
