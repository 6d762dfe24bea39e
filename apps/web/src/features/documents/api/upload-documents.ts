import { uploadDocumentsResultSchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

export interface UploadDocumentFields {
  /** Staff only: a client user uploads into their current client. */
  clientId?: number;
  serviceId: number;
  tags: readonly number[];
  description?: string;
  /** Only when exactly one file is uploaded. */
  displayName?: string;
  /** Staff only. */
  uploadedOnBehalfOfClient?: boolean;
}

/**
 * `POST document/documents/my-upload` for one file. The dialog sends each file on its own so each
 * has its own progress and a refused file leaves the others alone.
 */
export function uploadDocument(
  fields: UploadDocumentFields,
  file: File,
  options: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
) {
  const form = new FormData();
  // Fields before files: the server streams the files to storage and must know where they go first.
  if (fields.description) form.append('Description', fields.description);
  if (fields.displayName) form.append('DisplayName', fields.displayName);
  if (fields.clientId !== undefined) form.append('ClientId', String(fields.clientId));
  if (fields.uploadedOnBehalfOfClient !== undefined) {
    form.append('UploadedOnBehalfOfClient', String(fields.uploadedOnBehalfOfClient));
  }
  form.append('ServiceId', String(fields.serviceId));
  for (const tagId of fields.tags) form.append('Tags', String(tagId));
  form.append('Files', file);
  return api.upload('/document/documents/my-upload', form, { schema: uploadDocumentsResultSchema, ...options });
}
