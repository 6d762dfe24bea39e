import { REQUEST_LIMITS, returnItemInputSchema, type RequestItem, type ReturnItemInput } from '@ledgerport/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useReturnRequestItem } from '../api/review-request-item';
import { reviewErrorMessage } from './request-review';

/** Return an item for revision: the note is what the client reads next to the item. */
export function ReturnItemDialog({
  opened,
  requestId,
  item,
  onClose,
}: {
  opened: boolean;
  requestId: number;
  item: RequestItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('requests.returnDialog.title')} centered>
      {opened && <ReturnItemForm requestId={requestId} item={item} onDone={onClose} />}
    </Modal>
  );
}

function ReturnItemForm({ requestId, item, onDone }: { requestId: number; item: RequestItem; onDone: () => void }) {
  const { t } = useTranslation();
  const returnItem = useReturnRequestItem();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReturnItemInput>({ resolver: formResolver(returnItemInputSchema, t), defaultValues: { note: '' } });

  const submit = async (input: ReturnItemInput) => {
    try {
      await returnItem.mutateAsync({ requestId, itemId: item.id, input });
      notify.success(t('requests.messages.returned', { title: item.title }), { key: 'request-review' });
      onDone();
    } catch (error) {
      notify.error(reviewErrorMessage(error, t), { key: 'request-review' });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('requests.returnDialog.message', { title: item.title })}</Text>
        <Textarea
          label={t('requests.returnDialog.note')}
          required
          autosize
          minRows={3}
          maxLength={REQUEST_LIMITS.note}
          error={errors.note?.message}
          disabled={returnItem.isPending}
          data-autofocus
          {...register('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={returnItem.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={returnItem.isPending}>
            {t('requests.returnDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
