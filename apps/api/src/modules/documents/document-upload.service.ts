import {
  DOCUMENT_LIMITS,
  DOCUMENT_UPLOAD_ERROR,
  DOCUMENT_VALIDATION,
  ERROR_CODE,
  NOTIFICATION_KIND,
  uploadDocumentsFieldsSchema,
  validateTagSelection,
  type UploadDocumentsFields,
  type UploadDocumentsResult,
  type UploadRejection,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { type AppError, BadRequestError, NotFoundError, PayloadTooLargeError } from '../../lib/errors.js';
import {
  createFileIntake,
  displayNameFromFileName,
  INTAKE_REFUSAL_STATUS,
  intakeRefusalError,
  type IntakeFile,
  type IntakePart,
  type IntakeRefusal,
  type MultipartRefusals,
  type StoredUpload,
} from '../../lib/file-intake/index.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { BlobStorage } from '../../lib/storage/index.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import { documentScopeOf, type DocumentFilingInScope } from './document-scope.js';
import type { DocumentsRepository } from './documents.repository.js';
import type { DocumentUploadRepository } from './document-upload.repository.js';

export interface Uploader {
  userId: number;
  isClient: boolean;
  /** The request principal's current client, read with the session (client users). */
  currentClientId: number | null;
  context: RequestContext;
}

/**
 * An upload whose filing is fixed by the caller instead of the form (a request item's: its client,
 * service and tags; a secure message's attachments): the multipart body then carries only files (and
 * an optional description), and `withinTransaction` runs in the transaction that files the documents.
 */
export interface PresetFiling {
  clientId: number;
  serviceId: number;
  tagIds: readonly number[];
  /** The request item the files answer; null for files that answer none (a message's attachments). */
  requestItemId: number | null;
  /**
   * Any refused file refuses the whole upload (its answer is the refusal's), so nothing is filed: a
   * message goes with all its attachments or not at all, where a plain upload keeps the good files.
   */
  allOrNothing?: boolean;
  withinTransaction: (tx: DbOrTx, documentIds: readonly number[]) => Promise<void>;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFilesPerUpload: number;
}

/** Multipart field names (any case) -> the contract's field. */
const FIELDS: Record<string, keyof UploadDocumentsFields> = {
  description: 'description',
  displayname: 'displayName',
  clientid: 'clientId',
  uploadedonbehalfofclient: 'uploadedOnBehalfOfClient',
  serviceid: 'serviceId',
  tags: 'tags',
};
const FILES_FIELD = 'files';

interface Target {
  fields: UploadDocumentsFields;
  /** The client and service, checked within the uploader's scope. */
  filing: DocumentFilingInScope;
}

/** The parser's refusals in this route's words; too many files is the same answer as the count below. */
export function uploadRefusals(limits: UploadLimits): MultipartRefusals {
  return {
    subject: 'upload',
    tooManyFiles: {
      message: `Upload at most ${limits.maxFilesPerUpload} files at a time.`,
      code: DOCUMENT_UPLOAD_ERROR.tooManyFiles,
    },
  };
}

const REJECTION_CODE: Record<IntakeRefusal, string> = {
  'too-large': DOCUMENT_UPLOAD_ERROR.fileTooLarge,
  unsupported: DOCUMENT_UPLOAD_ERROR.unsupportedType,
  empty: DOCUMENT_UPLOAD_ERROR.emptyFile,
};
const REFUSAL_OF_CODE = new Map(
  Object.entries(REJECTION_CODE).map(([refusal, code]) => [code, refusal as IntakeRefusal]),
);
const statusOf = (rejection: UploadRejection) => INTAKE_REFUSAL_STATUS[REFUSAL_OF_CODE.get(rejection.code)!];

function invalidField(field: string, message: string, code: string = ERROR_CODE.validation): BadRequestError {
  return new BadRequestError(message, code, [{ in: 'body', field, message }]);
}

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024))} MB`;
}

/** When nothing was stored, the answer is the most telling refusal: too large, then wrong type. */
function nothingStored(rejected: UploadRejection[]): AppError {
  const worst = [...rejected].sort((a, b) => statusOf(b) - statusOf(a))[0]!;
  const message = rejected.length === 1 ? worst.message : 'None of the files could be uploaded.';
  return intakeRefusalError(REFUSAL_OF_CODE.get(worst.code)!, message, worst.code, rejected);
}

export type DocumentUploadService = ReturnType<typeof createDocumentUploadService>;

/**
 * The upload rules (spec 02 section 3, DESIGN.md section 6). Every field is checked when the first
 * file arrives, before a byte of it is stored; each file is then sniffed and streamed to storage on
 * its own, so a refused file never costs the others; the rows of every stored file go in at the end
 * in one transaction. Whatever fails after a blob was written removes that blob again.
 */
export function createDocumentUploadService({
  db,
  repository,
  documents,
  storage,
  queue,
  audit,
  notifications,
  limits = DOCUMENT_LIMITS,
}: {
  db: Db;
  repository: DocumentUploadRepository;
  /** Where a document may be filed (the same check as an edit's). */
  documents: Pick<DocumentsRepository, 'findFilingTarget' | 'isActiveServiceOfClient'>;
  storage: BlobStorage;
  queue: JobQueue;
  audit: AuditLog;
  /** Tells the other side of an upload (docs/notifications.md). */
  notifications: NotificationPublisher;
  limits?: UploadLimits;
}) {
  const intake = createFileIntake({ storage, queue });
  const refusalMessage: Record<IntakeRefusal, string> = {
    'too-large': `The file is larger than ${megabytes(limits.maxFileBytes)}.`,
    unsupported: 'This type of file is not accepted, or its extension does not match its content.',
    empty: 'The file is empty.',
  };

  async function resolveTarget(uploader: Uploader, raw: Record<string, unknown>): Promise<Target> {
    const parsed = uploadDocumentsFieldsSchema.safeParse(raw);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        in: 'body',
        field: issue.path.join('.'),
        message: issue.message,
      }));
      throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, details);
    }
    const fields = parsed.data;
    const scope = documentScopeOf(uploader);
    let clientId: number;
    if (scope.isClient) {
      if (fields.uploadedOnBehalfOfClient) {
        throw invalidField('uploadedOnBehalfOfClient', 'Only the firm uploads on behalf of a client.');
      }
      // A client user files into the client they act for; naming another is outside their scope.
      if (scope.currentClientId === null || (fields.clientId ?? scope.currentClientId) !== scope.currentClientId) {
        throw new NotFoundError('Client not found.');
      }
      clientId = scope.currentClientId;
    } else {
      if (fields.clientId === undefined) throw invalidField('clientId', 'This field is required');
      clientId = fields.clientId;
    }
    const filing = await documents.findFilingTarget(clientId, fields.serviceId, scope);
    if (!filing) throw new NotFoundError('Client not found.');
    if (!(await documents.isActiveServiceOfClient(filing))) {
      throw invalidField('serviceId', 'The service is not one of the client’s active services.');
    }
    const problems = validateTagSelection(await repository.activeTagGroups(), fields.serviceId, fields.tags);
    if (problems.length > 0) {
      const details = problems.map((problem) => ({ in: 'body', field: 'tags', message: problem.code, ...problem }));
      throw new BadRequestError('The tags do not follow the tag rules.', ERROR_CODE.validation, details);
    }
    return { fields, filing };
  }

  /** Sniffs and stores one file; a refusal of this file alone is returned, anything else thrown. */
  async function storeFile(file: IntakeFile): Promise<{ stored: StoredUpload } | { rejected: UploadRejection }> {
    const outcome = await intake.store(file, { keyPrefix: 'documents', maxBytes: limits.maxFileBytes });
    if ('stored' in outcome) return outcome;
    const { refused, fileName } = outcome;
    return { rejected: { fileName, code: REJECTION_CODE[refused], message: refusalMessage[refused] } };
  }

  async function insertAll(
    uploader: Uploader,
    target: Target,
    files: readonly StoredUpload[],
    preset: PresetFiling | undefined,
  ) {
    const { fields, filing } = target;
    const { clientId } = filing;
    const uploadedByClientSide = uploader.isClient || fields.uploadedOnBehalfOfClient;
    return db.transaction(async (tx) => {
      const documents: UploadDocumentsResult['documents'] = [];
      for (const file of files) {
        const displayName = fields.displayName ?? displayNameFromFileName(file.fileName);
        const id = await repository.insertDocument(
          filing,
          {
            ...file,
            displayName,
            description: fields.description ?? null,
            uploadedByClientSide,
            uploadedOnBehalfOfClient: fields.uploadedOnBehalfOfClient,
            creatorUserId: uploader.userId,
            tagIds: fields.tags,
            requestItemId: preset?.requestItemId ?? null,
          },
          tx,
        );
        await audit.record(
          uploader.context,
          {
            action: AUDIT_ACTION.documentsUploaded,
            actorUserId: uploader.userId,
            objectType: 'document',
            objectId: id,
            clientId,
            details: {
              fileName: file.fileName,
              contentType: file.contentType,
              size: file.size,
              serviceId: fields.serviceId,
              uploadedByClientSide,
            },
          },
          tx,
        );
        documents.push({ id, fileName: file.fileName, displayName });
      }
      await preset?.withinTransaction(
        tx,
        documents.map((document) => document.id),
      );
      // A request item's files are told of as its submission (by `withinTransaction`). A firm upload
      // on the client's behalf is filed as the client's own: nobody on their side receives anything.
      const told = preset
        ? null
        : uploader.isClient
          ? NOTIFICATION_KIND.documentUploaded
          : fields.uploadedOnBehalfOfClient
            ? null
            : NOTIFICATION_KIND.documentReceived;
      if (told !== null) {
        await notifications.publish(
          {
            kind: told,
            clientId,
            serviceId: filing.serviceId,
            actorUserId: uploader.userId,
            documents: documents.map((document) => ({ id: document.id, name: document.displayName })),
          },
          tx,
        );
      }
      return documents;
    });
  }

  return {
    async upload(
      uploader: Uploader,
      parts: AsyncIterable<IntakePart>,
      preset?: PresetFiling,
    ): Promise<UploadDocumentsResult> {
      const raw: Record<string, unknown> = preset
        ? { clientId: String(preset.clientId), serviceId: String(preset.serviceId), tags: preset.tagIds.map(String) }
        : { tags: [] };
      let target: Target | undefined;
      let fileCount = 0;
      let sawField = false;
      const stored: StoredUpload[] = [];
      const rejected: UploadRejection[] = [];
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (target) throw new BadRequestError('Send every field before the first file.');
            const field = FIELDS[part.name.toLowerCase()];
            if (!field) continue;
            // A preset filing takes from the form only a description and tags to add to its own: those
            // of the groups its tags activate but leave open (a request item's Quarter and Year). The
            // tag rules below still judge the whole set, so an added tag can complete it, never replace.
            if (preset && field !== 'description' && field !== 'tags') continue;
            sawField = true;
            if (part.truncated) throw invalidField(field, 'The value is too long.');
            if (field === 'tags') {
              const tags = raw.tags as string[];
              if (!tags.includes(part.value)) tags.push(part.value);
            } else raw[field] = part.value;
            continue;
          }
          if (part.name.toLowerCase() !== FILES_FIELD) {
            await intake.skip(part);
            throw new BadRequestError(`Send files in the Files field, not ${part.name}.`);
          }
          if (!sawField && !preset) throw new BadRequestError('Send every field before the first file.');
          target ??= await resolveTarget(uploader, raw);
          fileCount += 1;
          if (fileCount > limits.maxFilesPerUpload) {
            const { message, code } = uploadRefusals(limits).tooManyFiles;
            throw new PayloadTooLargeError(message, code);
          }
          if (fileCount === 2 && target.fields.displayName !== undefined) {
            throw invalidField(
              'displayName',
              'A display name can only be given when uploading one file.',
              DOCUMENT_VALIDATION.displayNameNeedsOneFile,
            );
          }
          const outcome = await storeFile(part);
          if ('stored' in outcome) stored.push(outcome.stored);
          else rejected.push(outcome.rejected);
        }
        // No file at all: the fields still deserve their own answer first.
        target ??= await resolveTarget(uploader, raw);
        if (fileCount === 0) throw invalidField(FILES_FIELD, 'This field is required');
        if (stored.length === 0 || (preset?.allOrNothing && rejected.length > 0)) throw nothingStored(rejected);
        return { documents: await insertAll(uploader, target, stored, preset), rejected };
      } catch (error) {
        await intake.remove(stored);
        throw error;
      }
    },
  };
}
