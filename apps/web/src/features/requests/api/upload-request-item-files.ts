import { uploadDocumentsResultSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';
import { requestKeys } from './request-keys';

export interface UploadRequestItemFilesInput {
  id: number;
  itemId: number;
  files: readonly File[];
  description?: string;
  /** Tags of the groups the item's tags activate but leave open (the Quarter and Year of a statement). */
  tagIds?: readonly number[];
  /** Bytes of the whole request sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /document/requests/:id/items/:itemId/files`: every file in ONE multipart request, unlike the
 * upload dialog's one request per file. The first stored upload submits the item, so a second request
 * for the same item would be refused (409 REQUEST_ITEM_NOT_AWAITING_CLIENT). Description and tags come
 * before the files: the server streams them to storage and must have read the fields first.
 */
export function uploadRequestItemFiles({
  id,
  itemId,
  files,
  description,
  tagIds = [],
  onProgress,
  signal,
}: UploadRequestItemFilesInput) {
  const form = new FormData();
  if (description) form.append('Description', description);
  for (const tagId of tagIds) form.append('Tags', String(tagId));
  for (const file of files) form.append('Files', file);
  return api.upload(`/document/requests/${id}/items/${itemId}/files`, form, {
    schema: uploadDocumentsResultSchema,
    onProgress,
    signal,
  });
}

export function useUploadRequestItemFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRequestItemFiles,
    // The upload answers the stored documents, not the request: its details are fetched again.
    onSuccess: async (_result, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.details(id) }),
        afterRequestChanged(queryClient, null),
      ]);
    },
  });
}
