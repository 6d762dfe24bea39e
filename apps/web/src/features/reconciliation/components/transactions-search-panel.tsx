import { TRANSACTION_AMOUNT_PATTERN, TRANSACTION_QUESTION_STATUS } from '@ledgerport/shared';
import { Radio, Select, SimpleGrid, Group, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { notify } from '@/lib/notify';
import { useTransactionCategories } from '../api/get-transaction-categories';
import { MONTH_KEYS, transactionYears } from '../period';

/** Deposit / Withdrawal, or absent for all. */
export type TransactionKind = 'deposit' | 'withdrawal';

/** The search as it sits in the URL (strings; the screen converts them for the API). */
export interface TransactionFiltersState extends Record<string, string | undefined> {
  name?: string;
  amount?: string;
  categoryId?: string;
  year?: string;
  month?: string;
  kind?: string;
  /** TRANSACTION_QUESTION_STATUS: the status of a question about the transaction. */
  questionStatus?: string;
}

const KIND_ALL = 'all';
const TRANSACTION_QUESTION_STATUSES = Object.values(TRANSACTION_QUESTION_STATUS);

/**
 * Spec 03 Transactions screen: name, amount, category, year, month and deposit/withdrawal/all; and
 * the status of a question about the transaction (issue 24 item 1).
 */
export function TransactionsSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: TransactionFiltersState;
  onSearch: (filters: TransactionFiltersState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TransactionFiltersState>(filters);
  const [applied, setApplied] = useState(filters);
  const [amountError, setAmountError] = useState<string | null>(null);
  // The URL changed from elsewhere (month arrows, closing the search, back button): the fields follow.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const categories = useTransactionCategories({ enabled: opened });
  useEffect(() => {
    if (categories.isError) notify.error(t('errors.fetch'), { key: 'reconciliation-categories-fetch' });
  }, [categories.isError, t]);

  const set = (key: keyof TransactionFiltersState) => (value: string | null) =>
    setDraft((previous) => ({ ...previous, [key]: value ?? undefined }));

  const submit = () => {
    // Spec 03 section 5: name and amount are trimmed text.
    const name = draft.name?.trim() || undefined;
    const amount = draft.amount?.trim() || undefined;
    if (amount && !TRANSACTION_AMOUNT_PATTERN.test(amount)) {
      setAmountError(t('reconciliation.search.amountInvalid'));
      return;
    }
    setAmountError(null);
    onSearch({ ...draft, name, amount });
  };

  return (
    <SearchPanel
      opened={opened}
      onSubmit={submit}
      onClear={() => {
        setAmountError(null);
        onClear();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 6 }} spacing="sm">
        <TextInput
          label={t('reconciliation.search.name')}
          value={draft.name ?? ''}
          onChange={(event) => set('name')(event.currentTarget.value)}
          maxLength={200}
        />
        <TextInput
          label={t('reconciliation.search.amount')}
          value={draft.amount ?? ''}
          onChange={(event) => {
            setAmountError(null);
            set('amount')(event.currentTarget.value);
          }}
          inputMode="decimal"
          error={amountError}
          maxLength={16}
        />
        <Select
          label={t('reconciliation.search.category')}
          data={categories.data ?? []}
          value={draft.categoryId ?? null}
          onChange={set('categoryId')}
          searchable
          clearable
        />
        <Select
          label={t('reconciliation.search.year')}
          data={transactionYears().map(String)}
          value={draft.year ?? null}
          onChange={set('year')}
          allowDeselect={false}
        />
        <Select
          label={t('reconciliation.search.month')}
          data={MONTH_KEYS.map((month) => ({ value: month, label: t(`reconciliation.months.${month}`) }))}
          value={draft.month ?? null}
          onChange={set('month')}
          allowDeselect={false}
        />
        <Select
          label={t('transactionQuestions.table.filter')}
          placeholder={t('transactionQuestions.table.filterAny')}
          data={TRANSACTION_QUESTION_STATUSES.map((status) => ({
            value: status,
            label: t(`transactionQuestions.status.${status}`),
          }))}
          value={draft.questionStatus ?? null}
          onChange={set('questionStatus')}
          clearable
        />
      </SimpleGrid>
      <Radio.Group
        mt="sm"
        label={t('reconciliation.search.kind')}
        value={draft.kind ?? KIND_ALL}
        onChange={(value) => set('kind')(value === KIND_ALL ? null : value)}
      >
        <Group gap="md" mt={4}>
          <Radio value={KIND_ALL} label={t('reconciliation.search.all')} />
          <Radio value={'deposit' satisfies TransactionKind} label={t('reconciliation.search.deposit')} />
          <Radio value={'withdrawal' satisfies TransactionKind} label={t('reconciliation.search.withdrawal')} />
        </Group>
      </Radio.Group>
    </SearchPanel>
  );
}
