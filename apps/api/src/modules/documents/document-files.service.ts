import type { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  DOCUMENT_SHARE_TTL_DAYS,
  hasPermission,
  ROLE_NAME,
  type DocumentShareDto,
  type ShareDocumentInput,
  type SharedDocumentDto,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { BlobStorage } from '../../lib/storage/index.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { Principal, ThrottleRepository } from '../auth/index.js';
import { documentScopeOf } from './document-scope.js';
import type { MailService } from '../mail/index.js';
import type { UsersRepository } from '../users/index.js';
import type { DocumentFileRow, DocumentFilesRepository } from './document-files.repository.js';
import { downloadName, INLINE_PREVIEW_TYPES, uniqueEntryNames, zipFileName } from './file-headers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeing a document at all: either list of the two (DESIGN.md section 5). */
export const DOCUMENT_READ_PERMISSION = 'my-upload:list|received:list';
/** Public share routes, per IP: plenty for a person opening a link, little for a script. */
export const SHARE_LINK_LIMITS = { perIp: 60, windowSeconds: 10 * 60 } as const;
/** One answer for an unknown, expired or revoked link: which one it was is nobody's business. */
const SHARE_NOT_FOUND = 'This link is not valid. It may have expired or been withdrawn.';
/** Entries already compressed (PDF, images, office zips) gain nothing from deflate but cost CPU. */
const COMPRESSIBLE_TYPE = /^text\/|^application\/(json|xml|csv)$/;

/** A file ready to stream: the response sets its headers from the rest. */
export interface FileDownload {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

export type DocumentFilesService = ReturnType<typeof createDocumentFilesService>;

export function createDocumentFilesService(deps: {
  db: Db;
  files: DocumentFilesRepository;
  users: UsersRepository;
  storage: BlobStorage;
  audit: AuditLog;
  mail: MailService;
  throttle: ThrottleRepository;
  config: Pick<AppConfig, 'appUrl'>;
}) {
  const { db, files, users, storage, audit, mail, throttle, config } = deps;

  async function visibleFile(principal: Principal, id: number): Promise<DocumentFileRow> {
    const file = await files.findFile(id, documentScopeOf(principal));
    if (!file) throw new NotFoundError('Document not found.');
    return file;
  }

  async function visibleId(principal: Principal, id: number) {
    const found = await files.findVisibleId(id, documentScopeOf(principal));
    if (found === null) throw new NotFoundError('Document not found.');
    return found;
  }

  /** Opens the blob first, so a failing audit write or a missing blob leaves nothing half-sent. */
  async function open(
    file: Pick<DocumentFileRow, 'storageKey' | 'displayName' | 'fileName' | 'contentType' | 'size'>,
    record: () => Promise<void>,
  ): Promise<FileDownload> {
    const stream = await storage.get(file.storageKey);
    try {
      await record();
    } catch (error) {
      stream.destroy();
      throw error;
    }
    return {
      stream,
      fileName: downloadName(file.displayName, file.fileName),
      contentType: file.contentType,
      size: file.size,
    };
  }

  function recordFor(action: AuditAction, principal: Principal, file: DocumentFileRow, context: RequestContext) {
    return () =>
      audit.record(context, {
        action,
        actorUserId: principal.userId,
        objectType: 'document',
        objectId: file.id,
        clientId: file.clientId,
      });
  }

  /**
   * Whether this user, not necessarily the caller, may open the document after signing in: an
   * active account holding a document list permission, and staff, or a client user who is the
   * document's client's owner or an active collaborator granted its service (seen once they
   * switch to that client, if it is not their current one).
   */
  async function userMaySee(userId: number, file: Pick<DocumentFileRow, 'id' | 'clientId'>): Promise<boolean> {
    const [roles, permissions] = await Promise.all([users.findRoles(userId), users.findPermissions(userId)]);
    if (!hasPermission(permissions, DOCUMENT_READ_PERMISSION)) return false;
    const isClient = roles.some((role) => role.name === ROLE_NAME.client);
    if (!isClient) return true;
    return (
      (await files.findVisibleId(file.id, documentScopeOf({ userId, isClient, currentClientId: file.clientId }))) !==
      null
    );
  }

  /** Public routes count every call per IP and answer 429 once over the limit. */
  async function throttleShareLink(context: RequestContext): Promise<void> {
    const key = `document-share:ip:${context.ipAddress}`;
    const wait = await throttle.retryAfterSeconds(key, SHARE_LINK_LIMITS.perIp, SHARE_LINK_LIMITS.windowSeconds);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many requests. Try again later.');
    await throttle.recordFailure(key, SHARE_LINK_LIMITS.windowSeconds);
  }

  async function usableShare(token: string, context: RequestContext) {
    await throttleShareLink(context);
    const share = await files.findUsableShare(sha256Hex(token));
    if (!share) throw new NotFoundError(SHARE_NOT_FOUND);
    return share;
  }

  return {
    userMaySee,

    async download(principal: Principal, id: number, context: RequestContext): Promise<FileDownload> {
      const file = await visibleFile(principal, id);
      return open(file, recordFor(AUDIT_ACTION.documentDownloaded, principal, file, context));
    },

    /** `inline` only for the types a browser renders without running anything of the file's. */
    async preview(
      principal: Principal,
      id: number,
      context: RequestContext,
    ): Promise<FileDownload & { inline: boolean }> {
      const file = await visibleFile(principal, id);
      const download = await open(file, recordFor(AUDIT_ACTION.documentPreviewed, principal, file, context));
      return { ...download, inline: INLINE_PREVIEW_TYPES.has(file.contentType) };
    },

    /**
     * One zip of the documents, streamed: every id is checked before a byte goes out (one outside
     * the caller's scope is 404 for all), then each blob is opened only when its turn comes, so
     * the first bytes leave at once whatever the total size.
     */
    async zip(
      principal: Principal,
      ids: readonly number[],
      context: RequestContext,
    ): Promise<{ stream: Readable; fileName: string; size: number | null }> {
      const found = await files.findFiles(ids, documentScopeOf(principal));
      if (found.length !== ids.length) throw new NotFoundError('Document not found.');
      await audit.recordMany(
        context,
        found.map((file) => ({
          action: AUDIT_ACTION.documentZipped,
          actorUserId: principal.userId,
          objectType: 'document',
          objectId: file.id,
          clientId: file.clientId,
        })),
      );

      const zip = new yazl.ZipFile();
      let current: Readable | null = null;
      const fail = (error: Error) => {
        current?.destroy();
        // Destroying the output aborts the response, so a broken zip is never taken for a whole one.
        (zip.outputStream as Readable).destroy(error);
      };
      zip.on('error', fail);
      zip.outputStream.on('close', () => current?.destroy());
      const names = uniqueEntryNames(found.map((file) => downloadName(file.displayName, file.fileName)));
      found.forEach((file, index) => {
        const compress = COMPRESSIBLE_TYPE.test(file.contentType);
        zip.addReadStreamLazy(names[index]!, { compress, size: file.size }, (callback) => {
          storage.get(file.storageKey).then(
            (stream) => {
              current = stream;
              // yazl pipes the blob without watching it; a read error must end the zip.
              stream.on('error', fail);
              callback(null, stream);
            },
            (error: unknown) => callback(error, null as unknown as Readable),
          );
        });
      });
      let size: number | null = null;
      // Called at once here: with no compression and every size given, yazl knows the total up
      // front (-1 otherwise). @types/yazl omits the argument.
      const onTotalSize = (total: number) => {
        size = total === -1 ? null : total;
      };
      zip.end(undefined, onTotalSize as () => void);
      return { stream: zip.outputStream as Readable, fileName: zipFileName(), size };
    },

    async share(
      principal: Principal,
      id: number,
      input: ShareDocumentInput,
      context: RequestContext,
    ): Promise<DocumentShareDto> {
      const file = await visibleFile(principal, id);
      const senderName = (await files.findUserName(principal.userId)) ?? '';
      const recipient = await files.findActiveUserByEmail(input.recipientEmailAddress);
      const requiresSignIn = recipient !== null && (await userMaySee(recipient.id, file));
      const token = requiresSignIn ? null : randomToken(32);
      const expiresAt = requiresSignIn ? null : new Date(Date.now() + DOCUMENT_SHARE_TTL_DAYS * DAY_MS);
      const url = token ? `${config.appUrl}/shared-documents/${token}` : `${config.appUrl}/documents/${file.id}`;

      const share = await db.transaction(async (tx) => {
        const row = await files.insertShare(
          file.id,
          {
            recipientEmailAddress: input.recipientEmailAddress,
            requiresSignIn,
            tokenHash: token ? sha256Hex(token) : null,
            expiresAt,
            createdByUserId: principal.userId,
          },
          tx,
        );
        await mail.queue(
          'documentShared',
          input.recipientEmailAddress,
          { senderName, documentName: file.displayName, url, expiresAt: expiresAt ?? undefined },
          tx,
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.documentShared,
            actorUserId: principal.userId,
            objectType: 'document',
            objectId: file.id,
            clientId: file.clientId,
            details: { shareId: row.id, recipientEmailAddress: input.recipientEmailAddress, requiresSignIn },
          },
          tx,
        );
        return row;
      });
      return {
        id: share.id,
        recipientEmailAddress: share.recipientEmailAddress,
        requiresSignIn: share.requiresSignIn,
        creationTime: share.createdAt.toISOString(),
        expiresAt: share.expiresAt?.toISOString() ?? null,
        revokedAt: null,
        createdBy: { id: principal.userId, fullName: senderName },
      };
    },

    async shares(principal: Principal, id: number): Promise<DocumentShareDto[]> {
      const rows = await files.listShares(await visibleId(principal, id));
      return rows.map((row) => ({
        id: row.id,
        recipientEmailAddress: row.recipientEmailAddress,
        requiresSignIn: row.requiresSignIn,
        creationTime: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        revokedAt: row.revokedAt?.toISOString() ?? null,
        createdBy: { id: row.createdById, fullName: row.createdByFullName },
      }));
    },

    /** Idempotent: revoking a revoked link changes nothing and records nothing again. */
    async revokeShare(principal: Principal, id: number, shareId: number, context: RequestContext): Promise<void> {
      const file = await visibleFile(principal, id);
      const share = await files.findShare(file.id, shareId);
      if (!share) throw new NotFoundError('Share not found.');
      await db.transaction(async (tx) => {
        if (!(await files.revokeShare(file.id, share.id, tx))) return;
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.documentShareRevoked,
            actorUserId: principal.userId,
            objectType: 'document',
            objectId: file.id,
            clientId: file.clientId,
            details: { shareId: share.id },
          },
          tx,
        );
      });
    },

    async sharedDocument(token: string, context: RequestContext): Promise<SharedDocumentDto> {
      const share = await usableShare(token, context);
      return {
        displayName: share.file.displayName,
        fileName: downloadName(share.file.displayName, share.file.fileName),
        contentType: share.file.contentType,
        size: share.file.size,
        sharedBy: share.sharedBy,
        expiresAt: share.expiresAt!.toISOString(),
      };
    },

    async downloadShared(token: string, context: RequestContext): Promise<FileDownload> {
      const share = await usableShare(token, context);
      return open(share.file, () =>
        audit.record(context, {
          action: AUDIT_ACTION.documentShareDownloaded,
          objectType: 'document',
          objectId: share.file.id,
          clientId: share.file.clientId,
          details: { shareId: share.shareId, recipientEmailAddress: share.recipientEmailAddress },
        }),
      );
    },
  };
}
