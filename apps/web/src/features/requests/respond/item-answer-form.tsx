import { REQUEST_LIMITS, answerItemInputSchema, type AnswerItemInput } from '@ledgerport/shared';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useAnswerRequestItem } from '../api/answer-request-item';
import { responseProblem, type ResponseProblem } from './request-item-labels';

/** "Your answer" and "Send answer"; a returned item starts from the answer sent before. */
export function ItemAnswerForm({
  requestId,
  itemId,
  previousAnswer,
  onProblem,
  extraAction,
}: {
  requestId: number;
  itemId: number;
  previousAnswer: string | null;
  onProblem: (problem: ResponseProblem | null) => void;
  /** Shown at the left of the send button (the item's "Not applicable"). */
  extraAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const answer = useAnswerRequestItem();
  const resolver = useMemo(() => formResolver(answerItemInputSchema, t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AnswerItemInput>({ resolver, defaultValues: { answer: previousAnswer ?? '' } });

  const onSubmit = handleSubmit(async (input) => {
    onProblem(null);
    try {
      await answer.mutateAsync({ id: requestId, itemId, input });
      notify.success(t('toDos.answer.sent'), { key: `request-item-${itemId}` });
    } catch (error) {
      onProblem(responseProblem(error, t, t('toDos.answer.failed')));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('toDos.answer.label')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={REQUEST_LIMITS.answer}
          withAsterisk
          error={errors.answer?.message}
          {...register('answer')}
        />
        <Group justify={extraAction ? 'space-between' : 'flex-end'} gap="sm">
          {extraAction}
          <Button type="submit" loading={answer.isPending}>
            {t('toDos.answer.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
