import type { TagDto, TagGroupDto } from '@ledgerport/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useChangeTagStatus } from '../api/change-tag-status';
import { useDeleteTag } from '../api/delete-tag';
import { useDeleteTagGroup } from '../api/delete-tag-group';

/** Keeps the last target on screen while the dialog fades out after `target` became null. */
function useLastTarget<T>(target: T | null): T | null {
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  return target ?? last;
}

export function DeleteTagGroupDialog({ group, onClose }: { group: TagGroupDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useLastTarget(group);
  // Changed by someone else meanwhile (412): the message says so, the dialog closes, the list refreshes.
  const remove = useDeleteTagGroup({ onSuccess: onClose, onStale: onClose });
  return (
    <ConfirmDialog
      opened={group !== null}
      title={t('tags.confirm.deleteGroupTitle')}
      message={t('tags.confirm.deleteGroup', { name: shown?.displayName ?? '' })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={() => group && remove.mutate(group)}
      onClose={onClose}
    />
  );
}

export function DeleteTagDialog({ tag, onClose }: { tag: TagDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useLastTarget(tag);
  const remove = useDeleteTag({ onSuccess: onClose, onStale: onClose });
  return (
    <ConfirmDialog
      opened={tag !== null}
      title={t('tags.confirm.deleteTagTitle')}
      message={t('tags.confirm.deleteTag', { name: shown?.displayName ?? '' })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={() => tag && remove.mutate(tag)}
      onClose={onClose}
    />
  );
}

/** Worded by the tag's current state (spec 01 section 4.7): deactivate an active tag, activate an inactive one. */
export function TagStatusDialog({ tag, onClose }: { tag: TagDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useLastTarget(tag);
  const change = useChangeTagStatus({ onSuccess: onClose, onStale: onClose });
  const deactivating = shown?.isActive ?? true;
  return (
    <ConfirmDialog
      opened={tag !== null}
      title={t(deactivating ? 'tags.confirm.deactivateTitle' : 'tags.confirm.activateTitle')}
      message={t(deactivating ? 'tags.confirm.deactivate' : 'tags.confirm.activate', {
        name: shown?.displayName ?? '',
      })}
      confirmLabel={t(deactivating ? 'common.actions.deactivate' : 'common.actions.activate')}
      danger={deactivating}
      loading={change.isPending}
      onConfirm={() => tag && change.mutate(tag)}
      onClose={onClose}
    />
  );
}
