import { TRANSACTION_QUESTION_STATUS, type TransactionDto, type TransactionQuestionStatus } from '@ledgerport/shared';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconMessageQuestion } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useListParams } from '@/components/data-table/use-list-params';
import { SearchToggle } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { useBalance } from '@/features/reconciliation/api/get-balance';
import { useInstitutionAccount } from '@/features/reconciliation/api/get-institution-account';
import { useMonthTotalCents } from '@/features/reconciliation/api/get-month-total';
import { useTransactionCategories } from '@/features/reconciliation/api/get-transaction-categories';
import { useTransactions } from '@/features/reconciliation/api/get-transactions';
import { reconciliationKeys, type TransactionsFilterQuery } from '@/features/reconciliation/api/reconciliation-keys';
import { AccountBalance } from '@/features/reconciliation/components/account-balance';
import { AccountHeading } from '@/features/reconciliation/components/account-heading';
import { AccountCharts } from '@/features/reconciliation/components/charts/account-charts';
import { ExportTransactionsButton } from '@/features/reconciliation/components/export-transactions-button';
import { TransactionsPeriodNav } from '@/features/reconciliation/components/transactions-period-nav';
import {
  TransactionsSearchPanel,
  type TransactionFiltersState,
} from '@/features/reconciliation/components/transactions-search-panel';
import { TransactionsTable } from '@/features/reconciliation/components/transactions-table';
import { currentPeriod, parsePeriod, type Period } from '@/features/reconciliation/period';
import { AskQuestionsDialog } from '@/features/transaction-questions/components/ask-questions-dialog';
import { useAuthorization } from '@/lib/authorization';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { href } from '../../routes-table';

const positiveId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Staff carry the client in the URL; it stays there whatever the search does. */
interface UrlState extends TransactionFiltersState {
  clientId?: string;
}

const QUESTION_STATUSES: readonly string[] = Object.values(TRANSACTION_QUESTION_STATUS);
const questionStatusOf = (value: string | undefined) =>
  value !== undefined && QUESTION_STATUSES.includes(value) ? (value as TransactionQuestionStatus) : undefined;

function toApiFilters(filters: TransactionFiltersState, period: Period): TransactionsFilterQuery {
  return {
    questionStatus: questionStatusOf(filters.questionStatus),
    name: filters.name,
    amount: filters.amount,
    categoryId: positiveId(filters.categoryId) ?? undefined,
    isDeposit: filters.kind === 'deposit' ? true : filters.kind === 'withdrawal' ? false : undefined,
    year: period.year,
    month: period.month,
  };
}

/**
 * Transactions (spec 03): one account's month of transactions with its starting and ending balance,
 * month arrows, search and export. Staff who ask clients questions (issue 24 item 1) select rows and
 * ask about them; each row shows its question's status.
 */
export function TransactionsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, isClient } = useAuthorization();
  const { currentClient } = useSession();
  const [searchParams] = useSearchParams();
  const accountId = positiveId(useParams().institutionAccountId) ?? 0;
  const staffClientId = positiveId(searchParams.get('clientId'));
  const clientId = isClient ? (currentClient?.id ?? null) : staffClientId;
  const reconciliationsHref = href('Reconciliations', null, isClient ? undefined : { clientId: staffClientId });

  const today = currentPeriod();
  const keep: UrlState = isClient ? {} : { clientId: staffClientId ? String(staffClientId) : undefined };
  const list = useListParams<UrlState>({ ...keep, year: String(today.year), month: String(today.month) });
  const period = parsePeriod(list.filters.year, list.filters.month);
  // The form and the arrows always show the month on screen, also when the URL names only other filters.
  const shownFilters = useMemo(
    () => ({ ...list.filters, year: String(period.year), month: String(period.month) }),
    [list.filters, period.year, period.month],
  );
  const filterQuery = toApiFilters(list.filters, period);
  const isFiltered = Boolean(
    list.filters.name ||
    list.filters.amount ||
    list.filters.categoryId ||
    list.filters.kind ||
    questionStatusOf(list.filters.questionStatus),
  );
  const [searchOpened, setSearchOpened] = useState(false);

  const account = useInstitutionAccount(clientId, accountId);
  const transactions = useTransactions(clientId, accountId, {
    ...filterQuery,
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
  });
  const balance = useBalance(clientId, accountId, period.year, period.month);

  // Asking the client (staff with reconciliation:question): the rows chosen, kept across pages.
  const queryClient = useQueryClient();
  const canAsk = !isClient && can('reconciliation:question');
  const [selected, setSelected] = useState<Map<number, TransactionDto>>(new Map());
  const [asking, setAsking] = useState(false);
  const categories = useTransactionCategories({ enabled: canAsk });
  const select = (ids: Set<number>) => {
    const rows = transactions.data?.items ?? [];
    const next = new Map<number, TransactionDto>();
    for (const id of ids) {
      const row = selected.get(id) ?? rows.find((candidate) => candidate.id === id);
      if (row) next.set(id, row);
    }
    setSelected(next);
  };
  const monthTotal = useMonthTotalCents(clientId, accountId, period.year, period.month);

  // Without a client or with an account that cannot be fetched there is nothing to show here.
  const accountFailed = account.isError && !account.isFetching;
  const cannotShow = clientId === null || accountId === 0 || accountFailed;
  useEffect(() => {
    if (!cannotShow) return;
    if (accountFailed) notify.error(t('errors.fetch'), { key: 'reconciliation-account-fetch' });
    void navigate(reconciliationsHref, { replace: true });
  }, [cannotShow, accountFailed, navigate, reconciliationsHref, t]);

  // Spec 03: when the client user's current account changes, these transactions are no longer theirs.
  const firstClientId = useRef(currentClient?.id);
  useEffect(() => {
    if (isClient && currentClient?.id !== firstClientId.current) void navigate(href('Reconciliations'));
  }, [isClient, currentClient?.id, navigate]);

  const showPeriod = (next: Period) =>
    list.setFilters({ ...shownFilters, year: String(next.year), month: String(next.month) });
  const resetToCurrentMonth = () => list.setFilters({ ...keep, year: String(today.year), month: String(today.month) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Tooltip label={t('reconciliation.transactions.back')}>
            <ActionIcon
              component={Link}
              to={reconciliationsHref}
              variant="subtle"
              size="lg"
              mt={4}
              aria-label={t('reconciliation.transactions.back')}
            >
              <IconArrowLeft size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <PageTitle>{t('pages.transactions')}</PageTitle>
        </Group>
        <Group gap="sm">
          {can('reconciliation:transaction:export') && clientId !== null && (
            <ExportTransactionsButton clientId={clientId} accountId={accountId} query={filterQuery} />
          )}
          <SearchToggle
            opened={searchOpened}
            onToggle={() => {
              // Spec 03: closing the search goes back to the current month with no other filter.
              if (searchOpened) resetToCurrentMonth();
              setSearchOpened(!searchOpened);
            }}
          />
        </Group>
      </Group>
      <AccountHeading account={account.data} />
      {!cannotShow && <AccountCharts clientId={clientId} accountId={accountId} />}
      <TransactionsSearchPanel
        opened={searchOpened}
        filters={shownFilters}
        onSearch={(next) => list.setFilters({ ...next, ...keep })}
        onClear={resetToCurrentMonth}
      />
      <Group justify="center">
        <TransactionsPeriodNav period={period} onChange={showPeriod} />
      </Group>
      <AccountBalance balance={balance.isError ? undefined : balance.data} monthTotalCents={monthTotal.data} />
      {canAsk && selected.size > 0 && (
        <Paper withBorder radius="md" p="sm" role="region" aria-label={t('transactionQuestions.table.ask')}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" fw={500} aria-live="polite">
              {t('transactionQuestions.table.selected', { count: selected.size })}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                {t('transactionQuestions.table.clearSelection')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconMessageQuestion size={16} aria-hidden />}
                onClick={() => setAsking(true)}
              >
                {t('transactionQuestions.table.ask')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <TransactionsTable
        rows={transactions.data?.items}
        totalCount={transactions.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        isLoading={transactions.isFetching}
        isError={transactions.isError}
        onRetry={() => void transactions.refetch()}
        isFiltered={isFiltered}
        selection={canAsk ? { selected: new Set(selected.keys()), onChange: select } : undefined}
      />
      {canAsk && clientId !== null && (
        <AskQuestionsDialog
          opened={asking}
          clientId={clientId}
          transactions={[...selected.values()]}
          categories={categories.data ?? []}
          onClose={() => setAsking(false)}
          onAsked={() => {
            setSelected(new Map());
            void queryClient.invalidateQueries({ queryKey: reconciliationKeys.account(clientId, accountId) });
          }}
        />
      )}
    </Stack>
  );
}
