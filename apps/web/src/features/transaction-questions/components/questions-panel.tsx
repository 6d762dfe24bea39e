import type { TransactionQuestionStatus } from '@ledgerport/shared';
import { SegmentedControl, Stack, useMatches } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '@/components/data-table/list-pager';
import { ListState } from '@/components/data-table/list-state';
import { useTransactionQuestions } from '../api/get-transaction-questions';
import { QuestionCard, type QuestionCardProps } from './question-card';

type Filter = TransactionQuestionStatus | 'all';

/**
 * The Questions tab of Reconciliations, for both sides: staff see every question with its answer and
 * resolve or ask again; the client's people answer what waits on them. Waiting questions first by
 * default for the client, every question for the firm.
 */
export function QuestionsPanel({
  clientId,
  isClient,
  focusQuestionId,
  ...card
}: {
  clientId: number;
  isClient: boolean;
  /** A question to show first and highlight (the To do's link). */
  focusQuestionId: number | null;
} & Pick<QuestionCardProps, 'canReview' | 'canAnswer' | 'categories' | 'receiptHref' | 'onChanged'>) {
  const { t } = useTranslation();
  const phone = useMatches({ base: true, sm: false });
  const initialFilter: Filter = isClient ? 'waiting' : 'all';
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const questions = useTransactionQuestions(clientId, {
    status: filter === 'all' ? undefined : filter,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const rows = questions.data?.items;

  // The To do's link names one question: once it is on screen, bring it into view.
  const focused = rows?.some((row) => row.id === focusQuestionId) ?? false;
  useEffect(() => {
    if (focused)
      document.getElementById(`transaction-question-${focusQuestionId}`)?.scrollIntoView?.({ block: 'center' });
  }, [focused, focusQuestionId]);

  const options: Array<{ value: Filter; label: string }> = [
    { value: 'waiting', label: t('transactionQuestions.status.waiting') },
    { value: 'answered', label: t('transactionQuestions.status.answered') },
    { value: 'resolved', label: t('transactionQuestions.status.resolved') },
    { value: 'all', label: t('transactionQuestions.panel.all') },
  ];

  return (
    <Stack gap="sm" component="section" aria-label={t('transactionQuestions.panel.label')}>
      <SegmentedControl
        aria-label={t('transactionQuestions.panel.statusFilter')}
        data={options}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        // On a phone the four choices do not fit side by side: one under the other, full width.
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
        style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
      />
      <ListState
        isError={questions.isError}
        onRetry={() => void questions.refetch()}
        loadingFirst={questions.isPending}
        empty={!rows || rows.length === 0}
        isFiltered={filter !== initialFilter}
        emptyHint={t(isClient ? 'transactionQuestions.panel.emptyHint' : 'transactionQuestions.panel.emptyHintStaff')}
      />
      {rows && rows.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((question) => (
            <QuestionCard
              key={question.id}
              question={question}
              highlighted={question.id === focusQuestionId}
              {...card}
            />
          ))}
        </Stack>
      )}
      {rows && rows.length > 0 && (
        <ListPager
          page={page}
          pageSize={pageSize}
          totalCount={questions.data?.totalCount ?? 0}
          loadingFirst={questions.isPending}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}
