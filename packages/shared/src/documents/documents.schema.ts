import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * Documents: My uploads and Received docs (spec 02 sections 2-9, DESIGN.md section 6).
 *
 * Which list a document is on depends on who looks: a document uploaded by the client's side
 * (a client user, or staff ticking "on behalf of the client") is the client's "My upload" and the
 * firm's "Received"; a document the firm uploaded for a client is the firm's "My upload" and the
 * client's "Received". The exact rule is written down in docs/documents.md.
 */

/** Spec 02 section 4: 1 open (blue), 2 in progress (orange), 3 done (teal). */
export const DOCUMENT_STATUS = { open: 1, inProgress: 2, done: 3 } as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];
export const DOCUMENT_STATUSES = Object.values(DOCUMENT_STATUS);
export const DOCUMENT_STATUS_COLOR: Record<DocumentStatus, string> = { 1: 'blue', 2: 'orange', 3: 'teal' };

/** Spec 02 section 9: document types as the caller sees them. */
export const DOCUMENT_TYPE = { myUpload: 1, received: 2 } as const;
export type DocumentType = (typeof DOCUMENT_TYPE)[keyof typeof DOCUMENT_TYPE];

/** Upload limits (DESIGN.md section 6). Over either: 413. */
export const DOCUMENT_LIMITS = {
  maxFileBytes: 100 * 1024 * 1024,
  maxFilesPerUpload: 20,
  displayName: 255,
  description: 2000,
  commentText: 2000,
  /** Ids in one bulk delete, status change or zip download. */
  maxBulkIds: 100,
  tagsPerDocument: 20,
} as const;

/** A share link for someone without a portal account lasts this long unless revoked. */
export const DOCUMENT_SHARE_TTL_DAYS = 7;

/** The API's machine codes for refused files (the error envelope's `code`, and `rejected[].code`). */
export const DOCUMENT_UPLOAD_ERROR = {
  fileTooLarge: 'FILE_TOO_LARGE',
  tooManyFiles: 'TOO_MANY_FILES',
  unsupportedType: 'UNSUPPORTED_FILE_TYPE',
  emptyFile: 'EMPTY_FILE',
} as const;

/** Validation codes of the tag-selection rule (documents/tag-selection.ts). */
export const DOCUMENT_VALIDATION = {
  mainTagRequired: 'MAIN_TAG_REQUIRED',
  tagRequiredInGroup: 'TAG_REQUIRED_IN_GROUP',
  oneTagPerGroup: 'ONE_TAG_PER_GROUP',
  tagNotAvailable: 'TAG_NOT_AVAILABLE',
  displayNameNeedsOneFile: 'DISPLAY_NAME_NEEDS_ONE_FILE',
} as const;

export const DOCUMENT_SORT_KEYS = ['displayName', 'client', 'service', 'creationTime', 'status', 'creator'] as const;
export type DocumentSortKey = (typeof DOCUMENT_SORT_KEYS)[number];

/** `''` from a cleared search field means "no filter". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const filterId = z.preprocess(blankToUndefined, idSchema.optional());
/** Repeated query parameter (`tags=1&tags=2`); a single value arrives as a string. */
const idArrayQuery = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
  z.array(idSchema).max(DOCUMENT_LIMITS.maxBulkIds).optional(),
);

/** Spec 02 section 7: upload dates in the query as M-D-YYYY (e.g. 3-7-2026). */
export const QUERY_DATE_PATTERN = /^(1[0-2]|0?[1-9])-(3[01]|[12]\d|0?[1-9])-\d{4}$/;
const queryDate = z.preprocess(blankToUndefined, z.string().trim().regex(QUERY_DATE_PATTERN).optional());

export const documentStatusSchema = z.coerce
  .number()
  .int()
  .refine((value) => (DOCUMENT_STATUSES as number[]).includes(value), 'UNKNOWN_STATUS')
  .transform((value) => value as DocumentStatus);

export const documentFiltersSchema = z.object({
  /** Staff only; a client user always sees their current client. */
  clientId: filterId,
  displayName: z.preprocess(blankToUndefined, z.string().trim().max(DOCUMENT_LIMITS.displayName).optional()),
  /** Tag ids; a document matches when it carries, in every group of the given tags, one of them. */
  tags: idArrayQuery,
  serviceId: filterId,
  status: z.preprocess(blankToUndefined, documentStatusSchema.optional()),
  creationTimeFrom: queryDate,
  creationTimeTo: queryDate,
  creatorUserId: filterId,
});
export type DocumentFilters = z.infer<typeof documentFiltersSchema>;

export const listDocumentsQuerySchema = listQuerySchema.extend(documentFiltersSchema.shape);
export type ListDocumentsQuery = z.infer<typeof listDocumentsQuerySchema>;

const userRefSchema = z.object({ id: z.number().int(), fullName: z.string() });

export const documentTagDtoSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  tagGroup: z.object({
    id: z.number().int(),
    displayName: z.string(),
    color: z.string(),
    isMainTagGroup: z.boolean(),
  }),
});
export type DocumentTagDto = z.infer<typeof documentTagDtoSchema>;

export const documentListItemDtoSchema = z.object({
  id: z.number().int(),
  /** The row version: If-Match on the edit, and `versions` beside the ids of a bulk change (issue 21). */
  version: z.string(),
  displayName: z.string(),
  clientId: z.number().int(),
  client: z.string(),
  serviceId: z.number().int(),
  service: z.object({ displayName: z.string(), color: z.string() }),
  tags: z.array(documentTagDtoSchema),
  description: z.string().nullable(),
  status: z.number().int(),
  creationTime: z.string(),
  creatorUser: userRefSchema,
  numberOfComments: z.number().int(),
  /** The caller's view of it: 1 my upload, 2 received. */
  type: z.number().int(),
  /** The stored file: its name (metadata only), content type and size in bytes. */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type DocumentListItemDto = z.infer<typeof documentListItemDtoSchema>;

export const documentListSchema = pagedSchema(documentListItemDtoSchema);
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentDetailsDtoSchema = documentListItemDtoSchema.extend({
  uploadedOnBehalfOfClient: z.boolean(),
  sha256: z.string(),
});
export type DocumentDetailsDto = z.infer<typeof documentDetailsDtoSchema>;

/** Multipart fields of `POST document/documents/my-upload` (names accepted case-insensitively). */
export const uploadDocumentsFieldsSchema = z.object({
  displayName: z.preprocess(blankToUndefined, z.string().trim().max(DOCUMENT_LIMITS.displayName).optional()),
  /** Required for staff; a client user uploads into their current client (a different id answers 404). */
  clientId: filterId,
  serviceId: idSchema,
  tags: z.array(idSchema).max(DOCUMENT_LIMITS.tagsPerDocument).default([]),
  description: z.preprocess(blankToUndefined, z.string().trim().max(DOCUMENT_LIMITS.description).optional()),
  /** Staff only: the document counts as the client's own upload. */
  uploadedOnBehalfOfClient: booleanQuery.default(false),
});
export type UploadDocumentsFields = z.infer<typeof uploadDocumentsFieldsSchema>;

export const uploadRejectionSchema = z.object({
  fileName: z.string(),
  code: z.string(),
  message: z.string(),
});
export type UploadRejection = z.infer<typeof uploadRejectionSchema>;

/**
 * 201 when at least one file was stored. Refused files (too large, type not allowed) are listed in
 * `rejected` and lose nothing else; when every file is refused the answer is the 413/415 error.
 */
export const uploadDocumentsResultSchema = z.object({
  documents: z.array(z.object({ id: z.number().int(), fileName: z.string(), displayName: z.string() })),
  rejected: z.array(uploadRejectionSchema),
});
export type UploadDocumentsResult = z.infer<typeof uploadDocumentsResultSchema>;

export const editDocumentInputSchema = z.object({
  displayName: z.string().trim().min(1).max(DOCUMENT_LIMITS.displayName),
  clientId: idSchema,
  serviceId: idSchema,
  tags: z.array(idSchema).max(DOCUMENT_LIMITS.tagsPerDocument),
  description: z
    .string()
    .trim()
    .max(DOCUMENT_LIMITS.description)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type EditDocumentInput = z.infer<typeof editDocumentInputSchema>;

const bulkIdsSchema = z
  .array(idSchema)
  .min(1)
  .max(DOCUMENT_LIMITS.maxBulkIds)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each id may appear only once' });

/** Bulk delete and zip download: `?ids=1&ids=2`. Any id outside the caller's scope answers 404 and nothing happens. */
const asArray = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? value : [value]);

export const documentIdsQuerySchema = z.object({
  ids: z.preprocess(asArray, bulkIdsSchema),
});
export type DocumentIdsQuery = z.infer<typeof documentIdsQuerySchema>;

/**
 * Optional, one per id in the same order: the versions the caller saw. When given, a bulk change with
 * any stale one answers 412 naming the stale ids, and changes nothing (issue 21).
 */
const bulkVersionsSchema = z.array(z.string().max(20)).max(DOCUMENT_LIMITS.maxBulkIds).optional();
const oneVersionPerId = {
  message: 'One version per id, in the same order.',
  path: ['versions'],
};

/** Bulk delete: `?ids=1&ids=2`, optionally `&versions=…&versions=…` in the same order. */
export const deleteDocumentsQuerySchema = documentIdsQuerySchema
  .extend({ versions: z.preprocess(asArray, bulkVersionsSchema) })
  .refine((query) => query.versions === undefined || query.versions.length === query.ids.length, oneVersionPerId);
export type DeleteDocumentsQuery = z.infer<typeof deleteDocumentsQuerySchema>;

export const changeDocumentStatusInputSchema = z
  .object({
    documentIds: bulkIdsSchema,
    versions: bulkVersionsSchema,
    status: documentStatusSchema,
    /** Optional; when given it is added as a comment on every document changed. */
    commentText: z
      .string()
      .trim()
      .max(DOCUMENT_LIMITS.commentText)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .refine(
    (input) => input.versions === undefined || input.versions.length === input.documentIds.length,
    oneVersionPerId,
  );
export type ChangeDocumentStatusInput = z.infer<typeof changeDocumentStatusInputSchema>;

export const documentCommentDtoSchema = z.object({
  id: z.number().int(),
  commentText: z.string(),
  creationTime: z.string(),
  creatorUser: z.object({
    id: z.number().int(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type DocumentCommentDto = z.infer<typeof documentCommentDtoSchema>;

export const insertDocumentCommentInputSchema = z.object({
  /** The spec's form repeats the path's id; when present it must match. */
  documentId: idSchema.optional(),
  commentText: z.string().trim().min(1).max(DOCUMENT_LIMITS.commentText),
});
export type InsertDocumentCommentInput = z.infer<typeof insertDocumentCommentInputSchema>;

/** Spec 02 section 5: "shape {email} without spaces". */
export const shareDocumentInputSchema = z.object({
  recipientEmailAddress: z.string().trim().min(1).max(TEXT_LIMIT.email).email(),
});
export type ShareDocumentInput = z.infer<typeof shareDocumentInputSchema>;

export const documentShareDtoSchema = z.object({
  id: z.number().int(),
  recipientEmailAddress: z.string(),
  /** true: the link needs sign-in (the recipient has a portal account that may see the document). */
  requiresSignIn: z.boolean(),
  creationTime: z.string(),
  /** null for sign-in links, which never expire on their own. */
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: userRefSchema,
});
export type DocumentShareDto = z.infer<typeof documentShareDtoSchema>;

/** What the public share page shows before the recipient downloads. */
export const sharedDocumentDtoSchema = z.object({
  displayName: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sharedBy: z.string(),
  expiresAt: z.string(),
});
export type SharedDocumentDto = z.infer<typeof sharedDocumentDtoSchema>;
export const shareTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const documentCountsDtoSchema = z.object({ myUploads: z.number().int(), received: z.number().int() });
export type DocumentCountsDto = z.infer<typeof documentCountsDtoSchema>;

/** Filters a screen starts with: employees get their department's lowest-id service. */
export const documentDefaultFiltersDtoSchema = z.object({ serviceId: z.number().int().nullable() });
export type DocumentDefaultFiltersDto = z.infer<typeof documentDefaultFiltersDtoSchema>;

/** Remote search for the uploaded-by filter: users who uploaded a document the caller may see. */
export const documentUploadersQuerySchema = z.object({
  text: z.preprocess(blankToUndefined, z.string().trim().max(TEXT_LIMIT.name).optional()),
});

/** Active tags with their groups, for the upload and edit pickers and the tag filter. */
export const documentTagOptionSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  tagGroupId: z.number().int(),
  servicesItDepends: z.array(z.number().int()),
  tagGroupsItActivates: z.array(z.number().int()),
});
export const documentTagGroupOptionSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  color: z.string(),
  isMainTagGroup: z.boolean(),
  tags: z.array(documentTagOptionSchema),
});
export type DocumentTagGroupOption = z.infer<typeof documentTagGroupOptionSchema>;
