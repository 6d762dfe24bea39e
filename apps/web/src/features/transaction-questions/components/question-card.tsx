import { TRANSACTION_QUESTION_LIMITS, type StaleVersionDetails, type TransactionQuestionDto } from '@ledgerport/shared';
import { Anchor, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuestionConflictTexts } from './conflict-texts';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StaleVersionAlert } from '@/components/ui/stale-version-alert';
import { staleVersionOf } from '@/lib/conflicts';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useAskTransactionQuestionAgain, useResolveTransactionQuestion } from '../api/review-transaction-question';
import { formatAmount, formatTransactionDate } from '../format';
import { AnswerForm } from './answer-form';
import { QuestionStatusBadge } from './question-status-badge';

export interface QuestionCardProps {
  question: TransactionQuestionDto;
  /** Staff: resolve and ask again. */
  canReview: boolean;
  /** The client's people: answer while it waits on them. */
  canAnswer: boolean;
  categories: ReadonlyArray<{ value: string; label: string }>;
  /** Where the receipt opens (the document's page), or null when the person cannot open documents. */
  receiptHref: ((documentId: number) => string) | null;
  highlighted?: boolean;
  /** After any change: the list and whatever shows the question's status fetch again. */
  onChanged: () => void;
}

/** One question: the transaction, what the firm asked, the answer with its receipt, and what can be done. */
export function QuestionCard({
  question,
  canReview,
  canAnswer,
  categories,
  receiptHref,
  highlighted,
  onChanged,
}: QuestionCardProps) {
  const { t } = useTranslation();
  const conflictTexts = useQuestionConflictTexts();
  const titleId = useId();
  const { transaction } = question;
  const [confirmResolve, setConfirmResolve] = useState(false);
  const [askingAgain, setAskingAgain] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [stale, setStale] = useState<StaleVersionDetails | null>(null);
  const resolve = useResolveTransactionQuestion();
  const askAgain = useAskTransactionQuestionAgain();
  const ref = { clientId: question.clientId, id: question.id };

  const failed = (error: unknown) => {
    const details = staleVersionOf(error);
    if (details) {
      setStale(details);
      return;
    }
    notify.error(t('transactionQuestions.review.failed'), { key: `transaction-question-${question.id}` });
    onChanged();
  };

  const doResolve = (version: string) =>
    resolve.mutate(
      { ...ref, version },
      {
        onSuccess: () => {
          setConfirmResolve(false);
          setStale(null);
          notify.success(t('transactionQuestions.review.resolved'), { key: `transaction-question-${question.id}` });
          onChanged();
        },
        onError: (error) => {
          setConfirmResolve(false);
          failed(error);
        },
      },
    );

  const doAskAgain = (version: string) => {
    if (note.trim() === '') {
      setNoteError(true);
      return;
    }
    askAgain.mutate(
      { ...ref, version, input: { note: note.trim() } },
      {
        onSuccess: () => {
          setAskingAgain(false);
          setNote('');
          setStale(null);
          notify.success(t('transactionQuestions.review.askedAgain'), { key: `transaction-question-${question.id}` });
          onChanged();
        },
        onError: (error) => {
          // What was typed stays in the dialog.
          const details = staleVersionOf(error);
          if (details) setStale(details);
          else failed(error);
        },
      },
    );
  };

  const conflict = stale && (
    <StaleVersionAlert
      details={stale}
      texts={conflictTexts}
      onTakeTheirs={() => {
        setStale(null);
        onChanged();
      }}
      onOverwrite={() => (askingAgain ? doAskAgain(stale.currentVersion) : doResolve(stale.currentVersion))}
      busy={resolve.isPending || askAgain.isPending}
    />
  );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      id={`transaction-question-${question.id}`}
      bg={highlighted ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Text id={titleId} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {`${transaction.name} · ${formatTransactionDate(transaction.date)} · ${formatAmount(transaction.amount, transaction.isoCurrencyCode)}`}
            </Text>
            <Text size="xs" c="dimmed">
              {transaction.mask ? `${transaction.accountName} ••${transaction.mask}` : transaction.accountName}
            </Text>
          </Stack>
          <QuestionStatusBadge status={question.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {question.question}
        </Text>
        <Text size="xs" c="dimmed">
          {t('transactionQuestions.panel.askedBy', {
            name: question.askedBy ?? '—',
            date: formatDate(question.askedAt, DATE_FORMAT.comment),
          })}
        </Text>
        {question.suggestedCategory && (
          <Text size="sm">
            {t('transactionQuestions.panel.suggested', { category: question.suggestedCategory.name })}
          </Text>
        )}
        {question.askedAgainNote && question.status === 'waiting' && (
          <Text size="sm" c="orange" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('transactionQuestions.panel.askedAgain', { note: question.askedAgainNote })}
          </Text>
        )}
        {question.answeredAt && (
          <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('transactionQuestions.panel.answer')}
              </Text>
              <Text size="sm">{`${t('transactionQuestions.panel.category')}: ${question.answerCategory?.name ?? '—'}`}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {`${t('transactionQuestions.panel.note')}: ${question.answerNote ?? t('transactionQuestions.panel.noNote')}`}
              </Text>
              {question.receipt && (
                <Group gap={4}>
                  <IconFileText size={16} aria-hidden />
                  {receiptHref ? (
                    <Anchor
                      component={Link}
                      to={receiptHref(question.receipt.documentId)}
                      size="sm"
                      aria-label={t('transactionQuestions.panel.openReceipt', { name: question.receipt.name })}
                    >
                      {question.receipt.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{question.receipt.name}</Text>
                  )}
                </Group>
              )}
              <Text size="xs" c="dimmed">
                {t('transactionQuestions.panel.answeredBy', {
                  name: question.answeredBy ?? '—',
                  date: formatDate(question.answeredAt, DATE_FORMAT.comment),
                })}
              </Text>
            </Stack>
          </Paper>
        )}
        {question.resolvedAt && (
          <Text size="xs" c="dimmed">
            {t('transactionQuestions.panel.resolvedBy', {
              name: question.resolvedBy ?? '—',
              date: formatDate(question.resolvedAt, DATE_FORMAT.comment),
            })}
          </Text>
        )}
        {!askingAgain && conflict}
        {canReview && question.status !== 'resolved' && (
          <Group gap="xs" justify="flex-end">
            {question.status === 'answered' && (
              <Button variant="default" size="xs" onClick={() => setAskingAgain(true)}>
                {t('transactionQuestions.review.askAgain')}
              </Button>
            )}
            <Button size="xs" onClick={() => setConfirmResolve(true)}>
              {t('transactionQuestions.review.resolve')}
            </Button>
          </Group>
        )}
        {canAnswer && question.status === 'waiting' && (
          <AnswerForm question={question} categories={categories} onAnswered={onChanged} onStale={onChanged} />
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmResolve}
        title={t('transactionQuestions.review.resolveTitle')}
        message={t('transactionQuestions.review.resolveMessage', { name: transaction.name })}
        confirmLabel={t('transactionQuestions.review.resolve')}
        loading={resolve.isPending}
        onConfirm={() => doResolve(question.version)}
        onClose={() => setConfirmResolve(false)}
      />
      <Modal
        opened={askingAgain}
        onClose={() => {
          setAskingAgain(false);
          setStale(null);
        }}
        title={t('transactionQuestions.review.askAgainTitle')}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            doAskAgain(question.version);
          }}
          noValidate
        >
          <Stack gap="sm">
            {conflict}
            <Textarea
              label={t('transactionQuestions.review.askAgainNote')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={TRANSACTION_QUESTION_LIMITS.note}
              autosize
              minRows={3}
              required
              error={noteError && note.trim() === '' ? t('transactionQuestions.ask.required') : undefined}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAskingAgain(false)} disabled={askAgain.isPending}>
                {t('transactionQuestions.review.cancel')}
              </Button>
              <Button type="submit" loading={askAgain.isPending}>
                {t('transactionQuestions.review.askAgainSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
