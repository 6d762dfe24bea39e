import type { BookkeepingRowDto, Paged } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { savedByText, staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { bookkeepingKeys } from './bookkeeping-keys';
import { editBookkeeping } from './edit-bookkeeping';
import { insertBookkeeping } from './insert-bookkeeping';

export type StoredChange = Partial<
  Pick<BookkeepingRowDto, 'numberOfAccounts' | 'isQuickBooksDraftDone' | 'isQuickBooksReviewDone'>
>;

/** Spec 02 section 4: a row with id above 0 is updated; otherwise created. */
export function saveBookkeepingRow(row: BookkeepingRowDto, change: StoredChange) {
  const values = {
    numberOfAccounts: change.numberOfAccounts ?? row.numberOfAccounts,
    isQuickBooksDraftDone: change.isQuickBooksDraftDone ?? row.isQuickBooksDraftDone,
    isQuickBooksReviewDone: change.isQuickBooksReviewDone ?? row.isQuickBooksReviewDone,
  };
  return row.id > 0
    ? editBookkeeping(row.id, values, row.version || undefined)
    : insertBookkeeping({ ...values, clientId: row.client.id, year: row.year, month: row.month });
}

type ListSnapshot = Array<[readonly unknown[], Paged<BookkeepingRowDto> | undefined]>;

const sameRow = (a: BookkeepingRowDto, b: BookkeepingRowDto) =>
  a.client.id === b.client.id && a.year === b.year && a.month === b.month;

/**
 * Saves one change of a row. The checkbox or field shows the new value at once; a failure puts the
 * list back and says so (could-not-update). Success is silent: ticking a box needs no message.
 *
 * Each save sends the whole stored row, so saves run one after another (one scope) and each reads
 * the row as the screen shows it when its turn comes: with every earlier tick, and with the id a
 * previous first save returned. Sent side by side, an older save could land last and undo a newer
 * tick. The list is refetched once the last save has settled, so a refetch of an older state never
 * overwrites a tick still on its way.
 */
export function useSaveBookkeepingRow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lists = { queryKey: bookkeepingKeys.lists() };

  const patchRows = (row: BookkeepingRowDto, patch: Partial<BookkeepingRowDto>) =>
    queryClient.setQueriesData<Paged<BookkeepingRowDto>>(
      lists,
      (page) =>
        page && { ...page, items: page.items.map((item) => (sameRow(item, row) ? { ...item, ...patch } : item)) },
    );
  const shownRow = (row: BookkeepingRowDto) =>
    queryClient
      .getQueriesData<Paged<BookkeepingRowDto>>(lists)
      .flatMap(([, page]) => page?.items ?? [])
      .find((item) => sameRow(item, row)) ?? row;

  return useMutation({
    mutationKey: bookkeepingKeys.save(),
    scope: { id: 'bookkeeping-save' },
    mutationFn: ({ row, change }: { row: BookkeepingRowDto; change: StoredChange }) =>
      saveBookkeepingRow(shownRow(row), change),
    onMutate: async ({ row, change }) => {
      await queryClient.cancelQueries(lists);
      const snapshot: ListSnapshot = queryClient.getQueriesData<Paged<BookkeepingRowDto>>(lists);
      patchRows(row, change);
      return { snapshot };
    },
    // The stored id and its new version, so the next change of this row updates it, from this version.
    onSuccess: (record, { row }) => patchRows(row, { id: record.id, version: record.version }),
    onError: (error, { row }, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      const stale = staleVersionOf(error);
      if (stale) {
        // Someone else changed the row after it was loaded: nothing saved; the refetch below shows theirs.
        const by = savedByText(t, stale);
        notify.error(`${t('bookkeeping.messages.changedMeanwhile', { name: row.client.name })} ${by}`, {
          key: 'bookkeeping-update',
        });
        return;
      }
      notify.error(t('bookkeeping.messages.couldNotUpdate'), { key: 'bookkeeping-update' });
    },
    // The completion charts count the same checks, so they follow the list.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: bookkeepingKeys.save() }) === 1
        ? Promise.all([
            queryClient.invalidateQueries(lists),
            queryClient.invalidateQueries({ queryKey: bookkeepingKeys.completions() }),
          ])
        : undefined,
  });
}
