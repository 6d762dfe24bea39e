import {
  DOCUMENT_UPLOAD_ERROR,
  REQUEST_ERROR,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  type RequestItemKind,
  type RequestItemStatus,
} from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

export const ITEM_STATUS_KEY = {
  [REQUEST_ITEM_STATUS.requested]: 'requested',
  [REQUEST_ITEM_STATUS.submitted]: 'submitted',
  [REQUEST_ITEM_STATUS.accepted]: 'accepted',
  [REQUEST_ITEM_STATUS.returned]: 'returned',
} as const satisfies Record<RequestItemStatus, string>;

export const ITEM_STATUS_COLOR: Record<RequestItemStatus, string> = {
  [REQUEST_ITEM_STATUS.requested]: 'gray',
  [REQUEST_ITEM_STATUS.submitted]: 'blue',
  [REQUEST_ITEM_STATUS.accepted]: 'teal',
  [REQUEST_ITEM_STATUS.returned]: 'orange',
};

export const ITEM_KIND_KEY = {
  [REQUEST_ITEM_KIND.documents]: 'documents',
  [REQUEST_ITEM_KIND.answer]: 'answer',
  [REQUEST_ITEM_KIND.both]: 'both',
} as const satisfies Record<RequestItemKind, string>;

/** What went wrong with a response, and whether reloading the request is what the person should do. */
export interface ResponseProblem {
  message: string;
  reload: boolean;
}

/**
 * A refused response in words a client can act on: the item or the request changed since the page
 * was loaded (someone in another tab, the firm cancelling), so the answer is to reload it.
 */
export function responseProblem(error: unknown, t: TFunction, fallback: string): ResponseProblem {
  if (isApiError(error) && error.code === REQUEST_ERROR.itemNotAwaitingClient) {
    return { message: t('toDos.errors.notAwaiting'), reload: true };
  }
  if (isApiError(error) && error.code === REQUEST_ERROR.notOpen) {
    return { message: t('toDos.errors.notOpen'), reload: true };
  }
  if (isApiError(error, 404) || isApiError(error, 409)) return { message: t('toDos.errors.notAwaiting'), reload: true };
  return { message: fallback, reload: false };
}

export type FileProblem = 'tooLarge' | 'typeNotAllowed' | 'empty' | 'failed';

/** Why the server refused a file: by the upload's own codes, else by the status. */
export function fileProblemOf(code: string | undefined, status?: number): FileProblem {
  if (code === DOCUMENT_UPLOAD_ERROR.fileTooLarge || status === 413) return 'tooLarge';
  if (code === DOCUMENT_UPLOAD_ERROR.unsupportedType || status === 415) return 'typeNotAllowed';
  if (code === DOCUMENT_UPLOAD_ERROR.emptyFile) return 'empty';
  return 'failed';
}
