import { randomUUID } from 'node:crypto';
import {
  MAIL_KIND_OF_TEMPLATE,
  mailKindOf,
  type MailMessageBodyDto,
  type MailMessageDto,
  type MailMessagesQuery,
  type MailStatus,
  type Paged,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import type { MailMessageFilters, MailRepository } from './mail.repository.js';
import { MAIL_JOB, readBody } from './mail.service.js';

const KNOWN_TEMPLATES = Object.keys(MAIL_KIND_OF_TEMPLATE);

function filtersOf(query: MailMessagesQuery): MailMessageFilters {
  const kind = query.kind;
  return {
    status: query.status,
    ...(kind === 'other'
      ? { excludedTemplates: KNOWN_TEMPLATES }
      : kind
        ? { templates: KNOWN_TEMPLATES.filter((template) => MAIL_KIND_OF_TEMPLATE[template] === kind) }
        : {}),
    recipient: query.recipient,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

type MetadataRow = NonNullable<Awaited<ReturnType<MailRepository['findMetadata']>>>;

export type MailAdminService = ReturnType<typeof createMailAdminService>;

/**
 * The Mail screen (docs/mail.md): delivery status for every message, "Send again" for a failed one,
 * and the body outside production only. `bodiesReadable` is false in production: no DTO then says a
 * body can be read, and the body route is not even registered.
 */
export function createMailAdminService(deps: {
  db: Db;
  repository: MailRepository;
  queue: JobQueue;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
  bodiesReadable: boolean;
}) {
  const { db, repository, queue, audit, fieldCrypto, bodiesReadable } = deps;

  function toDto(row: MetadataRow): MailMessageDto {
    return {
      id: row.id,
      queuedAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      recipient: row.toAddress,
      subject: row.subject,
      kind: mailKindOf(row.template),
      status: row.status as MailStatus,
      attempts: row.attempts,
      lastError: row.lastError,
      bodyViewable: bodiesReadable && row.bodyErasedAt === null,
    };
  }

  return {
    async list(query: MailMessagesQuery): Promise<Paged<MailMessageDto>> {
      const filters = filtersOf(query);
      const [rows, totalCount] = await Promise.all([
        repository.findPage(filters, { limit: query.limit, offset: query.offset }),
        repository.count(filters),
      ]);
      return { items: rows.map(toDto), totalCount };
    },

    /**
     * A failed message queued again with a fresh job (the first one has used its attempts), under the
     * same Message-ID. Anything but a failed message is 409: a queued or sending one is on its way,
     * a sent or kept one has gone.
     */
    async resend(id: number, caller: Principal, context: RequestContext): Promise<MailMessageDto> {
      await db.transaction(async (tx) => {
        const existing = await repository.findMetadata(id, tx);
        if (!existing) throw new NotFoundError('No such message.');
        if (!(await repository.requeueFailed(id, tx))) {
          throw new ConflictError('Only a message whose delivery failed can be sent again.');
        }
        await queue.enqueue(MAIL_JOB, { mailId: id }, { tx, dedupeKey: `mail:${id}:resend:${randomUUID()}` });
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.mailResent,
            actorUserId: caller.userId,
            objectType: 'mail-message',
            objectId: id,
            details: { kind: mailKindOf(existing.template), attempts: existing.attempts },
          },
          tx,
        );
      });
      const row = await repository.findMetadata(id);
      return toDto(row!);
    },

    /** Outside production only (the route is not registered in production); audited. */
    async body(id: number, caller: Principal, context: RequestContext): Promise<MailMessageBodyDto> {
      if (!bodiesReadable) throw new NotFoundError('No such message.');
      const row = await repository.findById(id);
      if (!row) throw new NotFoundError('No such message.');
      if (row.html === null || row.text === null) throw new NotFoundError('The body of this message has been erased.');
      await audit.record(context, {
        action: AUDIT_ACTION.mailBodyViewed,
        actorUserId: caller.userId,
        objectType: 'mail-message',
        objectId: id,
        details: { kind: mailKindOf(row.template) },
      });
      return {
        id: row.id,
        recipient: row.toAddress,
        subject: row.subject,
        html: readBody(fieldCrypto, row.html),
        text: readBody(fieldCrypto, row.text),
      };
    },
  };
}
