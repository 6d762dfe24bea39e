import {
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  acceptsFiles,
  type RequestItemInput,
  type RequestItemKind,
} from '@ledgerport/shared';

/**
 * An item as the request and template forms edit it. `key` identifies the row on screen (new rows
 * have no id yet); `id` is an existing item's, sent back on an edit so it keeps its status and what
 * the client sent; `locked` marks an item the client has responded to, which an edit may change but
 * not remove (the API refuses with REQUEST_ITEM_HAS_RESPONSE).
 */
export interface RequestItemDraft {
  key: string;
  id?: number;
  title: string;
  description: string;
  kind: RequestItemKind;
  tagIds: number[];
  locked?: boolean;
}

let keySequence = 0;
const nextKey = () => `item-${++keySequence}`;

export function newItemDraft(): RequestItemDraft {
  return { key: nextKey(), title: '', description: '', kind: REQUEST_ITEM_KIND.documents, tagIds: [] };
}

interface ItemSource {
  id: number;
  title: string;
  description: string | null;
  kind: RequestItemKind;
  tags: readonly { id: number }[];
}

/**
 * Drafts from a template's items (`keepIds: false`: they become new items of a new request or of
 * the same template) or from a request's own items on an edit (`keepIds: true`).
 */
export function draftsFrom(
  items: readonly (ItemSource & { status?: number })[],
  { keepIds }: { keepIds: boolean },
): RequestItemDraft[] {
  return items.map((item) => ({
    key: nextKey(),
    id: keepIds ? item.id : undefined,
    title: item.title,
    description: item.description ?? '',
    kind: item.kind,
    tagIds: item.tags.map((tag) => tag.id),
    locked: keepIds && item.status !== undefined && item.status !== REQUEST_ITEM_STATUS.requested,
  }));
}

/** The API's item inputs, in the drafts' order; an answer-only item carries no tags. */
export function toItemInputs(drafts: readonly RequestItemDraft[]): RequestItemInput[] {
  return drafts.map((draft) => ({
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    title: draft.title,
    description: draft.description.trim() === '' ? null : draft.description,
    kind: draft.kind,
    tagIds: acceptsFiles(draft.kind) ? draft.tagIds : [],
  }));
}
