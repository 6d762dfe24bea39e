import { REQUEST_LIMITS, notApplicableInputSchema, type NotApplicableInput } from '@ledgerport/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useMarkRequestItemNotApplicable } from '../api/mark-request-item-not-applicable';
import { responseProblem, type ResponseProblem } from './request-item-labels';

interface Target {
  requestId: number;
  itemId: number;
  title: string;
}

/** "Not applicable" with the reason the firm needs. The form exists only while open, so it resets. */
export function NotApplicableDialog({
  target,
  onClose,
  onReload,
}: {
  target: Target | null;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('toDos.notApplicable.title')} centered>
      {target && <NotApplicableForm target={target} onDone={onClose} onReload={onReload} />}
    </Modal>
  );
}

function NotApplicableForm({ target, onDone, onReload }: { target: Target; onDone: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const mark = useMarkRequestItemNotApplicable();
  const [problem, setProblem] = useState<ResponseProblem | null>(null);
  const resolver = useMemo(() => formResolver(notApplicableInputSchema, t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NotApplicableInput>({ resolver, defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      await mark.mutateAsync({ id: target.requestId, itemId: target.itemId, input });
      notify.success(t('toDos.notApplicable.sent'), { key: `request-item-${target.itemId}` });
      onDone();
    } catch (error) {
      setProblem(responseProblem(error, t, t('toDos.notApplicable.failed')));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('toDos.notApplicable.intro', { title: target.title })}</Text>
        <Textarea
          label={t('toDos.notApplicable.reason')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REQUEST_LIMITS.reason}
          withAsterisk
          data-autofocus
          error={errors.reason?.message}
          {...register('reason')}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{problem.message}</Text>
            {problem.reload && (
              <Button
                variant="light"
                color="red"
                size="xs"
                mt="xs"
                onClick={() => {
                  onReload();
                  onDone();
                }}
              >
                {t('toDos.errors.reload')}
              </Button>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={mark.isPending}>
            {t('toDos.notApplicable.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
