import { REQUEST_TEMPLATE_ERROR, type RequestTemplateListItem } from '@ledgerport/shared';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useDeleteRequestTemplate } from '../api/delete-request-template';

/** Keeps the last target on screen while the dialog fades out after `target` became null. */
function useLastTarget<T>(target: T | null): T | null {
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  return target ?? last;
}

const scheduleCountOf = (details: unknown) =>
  typeof details === 'object' && details !== null && 'scheduleCount' in details
    ? Number((details as { scheduleCount: unknown }).scheduleCount) || 1
    : 1;

/**
 * Delete a template, after a confirmation. One a recurring request uses cannot go (409
 * REQUEST_TEMPLATE_IN_USE): the dialog then says so and leads to the recurring requests, where the
 * admin can delete the schedule or point it at another template. The confirmation layout is
 * ConfirmDialog's; it is not reused because the answer replaces the question in place.
 */
export function DeleteRequestTemplateDialog({
  template,
  schedulesPath,
  onClose,
  onDeleted,
}: {
  template: RequestTemplateListItem | null;
  /** Where the recurring requests are, for the user allowed to see them. */
  schedulesPath?: string;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const shown = useLastTarget(template);
  const remove = useDeleteRequestTemplate();
  const [inUse, setInUse] = useState<{ id: number; count: number } | null>(null);
  const blocked = inUse !== null && inUse.id === shown?.id;

  const close = () => {
    setInUse(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!template) return;
    remove.mutate(
      { id: template.id, version: template.version },
      {
        onSuccess: () => {
          notify.success(t('requestTemplates.templates.messages.deleted', { name: template.name }), {
            key: 'request-template-deleted',
          });
          close();
          onDeleted?.();
        },
        onError: (error) => {
          if (isApiError(error, 409) && error.code === REQUEST_TEMPLATE_ERROR.inUse) {
            setInUse({ id: template.id, count: scheduleCountOf(error.details) });
            return;
          }
          notify.error(
            staleVersionOf(error)
              ? t('requestTemplates.templates.messages.changedMeanwhile', { name: template.name })
              : t('requestTemplates.templates.messages.deleteError'),
            { key: 'request-template-deleted' },
          );
        },
      },
    );
  };

  return (
    <Modal
      opened={template !== null}
      onClose={close}
      title={t('requestTemplates.templates.confirm.deleteTitle')}
      size={370}
      centered
    >
      {blocked ? (
        <Stack gap="sm">
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm">
              {t('requestTemplates.templates.messages.inUse', { name: shown?.name ?? '', count: inUse.count })}
            </Text>
          </Alert>
          <Group justify="flex-end">
            {schedulesPath && (
              <Anchor component={Link} to={schedulesPath} size="sm" onClick={close}>
                {t('requestTemplates.templates.messages.openSchedules')}
              </Anchor>
            )}
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.actions.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Text size="sm">{t('requestTemplates.templates.confirm.delete', { name: shown?.name ?? '' })}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('common.actions.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending} data-autofocus>
              {t('common.actions.delete')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
