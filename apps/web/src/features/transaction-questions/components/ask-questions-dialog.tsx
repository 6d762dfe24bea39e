import { TRANSACTION_QUESTION_ERROR, TRANSACTION_QUESTION_LIMITS } from '@ledgerport/shared';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, newIdempotencyKey } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAskTransactionQuestions } from '../api/ask-transaction-questions';
import { formatAmount, formatTransactionDate } from '../format';

export interface QuestionTransaction {
  id: number;
  date: string;
  name: string;
  amount: number;
  isoCurrencyCode: string;
}

type Mode = 'all' | 'each';

/**
 * Staff ask the client about the selected transactions: one question for all of them, or one each,
 * optionally suggesting a category. One Idempotency-Key per ask: a second click or a retry after a
 * lost answer sends the same ask, which the server carries out once.
 */
export function AskQuestionsDialog({
  opened,
  clientId,
  transactions,
  categories,
  onClose,
  onAsked,
}: {
  opened: boolean;
  clientId: number;
  transactions: readonly QuestionTransaction[];
  categories: ReadonlyArray<{ value: string; label: string }>;
  onClose: () => void;
  onAsked: (count: number) => void;
}) {
  const { t } = useTranslation();
  const ask = useAskTransactionQuestions();
  const [mode, setMode] = useState<Mode>('all');
  const [question, setQuestion] = useState('');
  const [each, setEach] = useState<Record<number, string>>({});
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setMode('all');
    setQuestion('');
    setEach({});
    setCategoryId(null);
    setKey(newIdempotencyKey());
    setShowErrors(false);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  // Typing changes the ask: it deserves its own key (the same key with another body is refused).
  const edited = () => {
    setKey(newIdempotencyKey());
    setProblem(null);
  };

  const missingAll = mode === 'all' && question.trim() === '';
  const missingEach = (id: number) => mode === 'each' && (each[id] ?? '').trim() === '';
  const invalid = missingAll || transactions.some((transaction) => missingEach(transaction.id));

  const submit = () => {
    setShowErrors(true);
    if (invalid || transactions.length === 0) return;
    const transactionIds = transactions.map((transaction) => transaction.id);
    const suggestedCategoryId = categoryId === null ? undefined : Number(categoryId);
    const input =
      mode === 'all'
        ? { transactionIds, question: question.trim(), suggestedCategoryId }
        : {
            transactionIds,
            questions: transactionIds.map((id) => ({ transactionId: id, question: (each[id] ?? '').trim() })),
            suggestedCategoryId,
          };
    ask.mutate(
      { clientId, input, idempotencyKey: key },
      {
        onSuccess: (result) => {
          notify.success(t('transactionQuestions.ask.asked', { count: result.items.length }), {
            key: 'transaction-questions-asked',
          });
          onAsked(result.items.length);
          close();
        },
        onError: (error) => {
          // An answer the server gave is kept under the key: the next try is a new ask. A lost answer
          // (no status) keeps it, since the ask may have been carried out.
          if (!isApiError(error, 0)) setKey(newIdempotencyKey());
          if (isApiError(error, 409) && error.code === TRANSACTION_QUESTION_ERROR.alreadyOpen) {
            setProblem(t('transactionQuestions.ask.alreadyOpen'));
            return;
          }
          setProblem(t('transactionQuestions.ask.failed'));
        },
      },
    );
  };

  const required = t('transactionQuestions.ask.required');
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('transactionQuestions.ask.title', { count: transactions.length })}
      size="lg"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {transactions.length > 1 && (
            <Radio.Group
              label={t('transactionQuestions.ask.mode')}
              value={mode}
              onChange={(value) => {
                setMode(value as Mode);
                edited();
              }}
            >
              <Group gap="md" mt={4}>
                <Radio value="all" label={t('transactionQuestions.ask.oneForAll')} />
                <Radio value="each" label={t('transactionQuestions.ask.onePerTransaction')} />
              </Group>
            </Radio.Group>
          )}
          {mode === 'all' ? (
            <Textarea
              label={t('transactionQuestions.ask.question')}
              placeholder={t('transactionQuestions.ask.placeholder')}
              value={question}
              onChange={(event) => {
                setQuestion(event.currentTarget.value);
                edited();
              }}
              maxLength={TRANSACTION_QUESTION_LIMITS.question}
              autosize
              minRows={3}
              required
              error={showErrors && missingAll ? required : undefined}
              data-autofocus
            />
          ) : (
            transactions.map((transaction) => (
              <Textarea
                key={transaction.id}
                label={t('transactionQuestions.ask.questionFor', {
                  name: transaction.name,
                  date: formatTransactionDate(transaction.date),
                  amount: formatAmount(transaction.amount, transaction.isoCurrencyCode),
                })}
                placeholder={t('transactionQuestions.ask.placeholder')}
                value={each[transaction.id] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setEach((previous) => ({ ...previous, [transaction.id]: value }));
                  edited();
                }}
                maxLength={TRANSACTION_QUESTION_LIMITS.question}
                autosize
                minRows={2}
                required
                error={showErrors && missingEach(transaction.id) ? required : undefined}
              />
            ))
          )}
          <Select
            label={t('transactionQuestions.ask.suggestedCategory')}
            data={categories as Array<{ value: string; label: string }>}
            value={categoryId}
            onChange={(value) => {
              setCategoryId(value);
              edited();
            }}
            searchable
            clearable
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={ask.isPending}>
              {t('transactionQuestions.ask.cancel')}
            </Button>
            <Button type="submit" loading={ask.isPending}>
              {t('transactionQuestions.ask.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
