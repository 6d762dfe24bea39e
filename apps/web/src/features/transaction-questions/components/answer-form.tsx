import {
  TRANSACTION_QUESTION_ERROR,
  TRANSACTION_QUESTION_LIMITS,
  type StaleVersionDetails,
  type TransactionQuestionDto,
} from '@ledgerport/shared';
import { Alert, Button, FileButton, FileInput, Group, Progress, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuestionConflictTexts } from './conflict-texts';
import { StaleVersionAlert } from '@/components/ui/stale-version-alert';
import { isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useAnswerTransactionQuestion } from '../api/answer-transaction-question';

/** Images (a photo of the receipt) and PDFs: what the upload's content check accepts for a receipt. */
const RECEIPT_TYPES = 'image/*,application/pdf';

/**
 * The client's answer: a category (the firm's suggestion preselected), a note and optionally a receipt,
 * chosen from the device or taken with the camera. Sent with the version shown (If-Match); after a
 * 412 what was typed stays, and the person sees the latest or sends theirs anyway.
 */
export function AnswerForm({
  question,
  categories,
  onAnswered,
  onStale,
}: {
  question: TransactionQuestionDto;
  categories: ReadonlyArray<{ value: string; label: string }>;
  onAnswered: () => void;
  /** Fetches the question again (the list shows it as it is now). */
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const conflictTexts = useQuestionConflictTexts();
  const answer = useAnswerTransactionQuestion();
  const [categoryId, setCategoryId] = useState<string | null>(
    question.answerCategory
      ? String(question.answerCategory.id)
      : question.suggestedCategory
        ? String(question.suggestedCategory.id)
        : null,
  );
  const [note, setNote] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleVersionDetails | null>(null);

  const send = (version: string) => {
    setShowErrors(true);
    if (categoryId === null) return;
    setProblem(null);
    setPercent(receipt ? 0 : null);
    answer.mutate(
      {
        clientId: question.clientId,
        id: question.id,
        version,
        input: { categoryId: Number(categoryId), note: note.trim() || undefined },
        receipt,
        onProgress: (loaded, total) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0),
      },
      {
        onSuccess: () => {
          setStale(null);
          notify.success(t('transactionQuestions.answer.sent'), { key: `transaction-question-${question.id}` });
          onAnswered();
        },
        onError: (error) => {
          setPercent(null);
          const details = staleVersionOf(error);
          if (details) {
            setStale(details);
            return;
          }
          if (isApiError(error, 409) && error.code === TRANSACTION_QUESTION_ERROR.notWaiting) {
            setProblem(t('transactionQuestions.answer.notWaiting'));
            onStale();
            return;
          }
          const refused = isApiError(error, 413) || isApiError(error, 415);
          const unfileable = isApiError(error, 400) && error.code === TRANSACTION_QUESTION_ERROR.receiptNotFileable;
          setProblem(
            t(
              refused
                ? 'transactionQuestions.answer.receiptRefused'
                : unfileable
                  ? 'transactionQuestions.answer.receiptNotFileable'
                  : 'transactionQuestions.answer.failed',
            ),
          );
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send(question.version);
      }}
      noValidate
    >
      <Stack gap="sm">
        {stale && (
          <StaleVersionAlert
            details={stale}
            texts={conflictTexts}
            onTakeTheirs={() => {
              setStale(null);
              onStale();
            }}
            onOverwrite={() => send(stale.currentVersion)}
            busy={answer.isPending}
          />
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Select
          label={t('transactionQuestions.answer.category')}
          data={categories as Array<{ value: string; label: string }>}
          value={categoryId}
          onChange={setCategoryId}
          searchable
          required
          error={showErrors && categoryId === null ? t('transactionQuestions.ask.required') : undefined}
        />
        <Textarea
          label={t('transactionQuestions.answer.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={TRANSACTION_QUESTION_LIMITS.note}
          autosize
          minRows={2}
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('transactionQuestions.answer.receipt')}
            placeholder={t('transactionQuestions.answer.receiptPlaceholder')}
            accept={RECEIPT_TYPES}
            value={receipt}
            onChange={setReceipt}
            clearable
            clearButtonProps={{ 'aria-label': t('transactionQuestions.answer.removeReceipt') }}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            style={{ flex: '1 1 240px' }}
          />
          <FileButton onChange={setReceipt} accept="image/*" capture="environment">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconCamera size={16} aria-hidden />}>
                {t('transactionQuestions.answer.takePhoto')}
              </Button>
            )}
          </FileButton>
        </Group>
        {percent !== null && answer.isPending && (
          <Stack gap={4}>
            <Progress value={percent} aria-label={t('transactionQuestions.answer.progress')} />
            <Text size="xs" c="dimmed">
              {t('transactionQuestions.answer.sending', { percent })}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={answer.isPending}>
            {t('transactionQuestions.answer.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
