import {
  ACKNOWLEDGEMENT_STATUS,
  isBlankHtml,
  NOTIFICATION_KIND,
  type AcknowledgeAnnouncementInput,
  type AcknowledgementList,
  type AnnouncementDetails,
  type AnnouncementList,
  type AnnouncementListItem,
  type CreateAnnouncementData,
  type ListAcknowledgementsQuery,
  type ListAnnouncementsQuery,
  type UnconfirmedAnnouncement,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { ClientScope } from '../clients/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import type { AnnouncementRow, AnnouncementsRepository } from './announcements.repository.js';
import { sanitizeRichText } from '../../lib/rich-text.js';

export interface Actor {
  userId: number;
  context: RequestContext;
}

const OBJECT_TYPE = 'announcement';
const NOT_FOUND = 'Announcement not found';

function toListItem(row: AnnouncementRow): AnnouncementListItem {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    isActive: row.isActive,
    expirationDate: row.expirationDate,
    creationTime: row.createdAt.toISOString(),
  };
}

function toDetails(row: AnnouncementRow): AnnouncementDetails {
  return { ...toListItem(row), body: row.body, acknowledgmentText: row.acknowledgmentText };
}

/** Same shape as the validation errors' details, so the web app reads both alike. */
function invalidField(field: string, message: string): BadRequestError {
  return new BadRequestError(message, undefined, [{ in: 'body', field, message }]);
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

export function createAnnouncementsService(deps: {
  db: Db;
  announcements: AnnouncementsRepository;
  audit: AuditLog;
  /** Tells the client's advisor (and its followers) of each acknowledgement. */
  notifications: NotificationPublisher;
}) {
  const { db, announcements, audit, notifications } = deps;

  /** `expected`: the If-Match versions (null: unconditional); a stale one answers 412 and changes nothing. */
  async function setActive(actor: Actor, id: number, isActive: boolean, expected: string[] | null): Promise<void> {
    await db.transaction(async (tx) => {
      if ((await announcements.lockVersion(id, expected, tx)) === null) throw new NotFoundError(NOT_FOUND);
      if (!(await announcements.setActive(id, isActive, tx))) throw new NotFoundError(NOT_FOUND);
      await audit.record(
        actor.context,
        {
          action: isActive ? AUDIT_ACTION.announcementActivated : AUDIT_ACTION.announcementDeactivated,
          actorUserId: actor.userId,
          objectType: OBJECT_TYPE,
          objectId: id,
        },
        tx,
      );
    });
  }

  return {
    async list(query: ListAnnouncementsQuery): Promise<AnnouncementList> {
      const page = await announcements.findPage(query);
      return { items: page.items.map(toListItem), totalCount: page.totalCount };
    },

    async get(id: number): Promise<AnnouncementDetails> {
      const row = await announcements.findById(id);
      if (!row) throw new NotFoundError(NOT_FOUND);
      return toDetails(row);
    },

    /**
     * The HTML is stored sanitised, so every reader (staff preview, the client's confirmation
     * dialog, any future API client) gets markup that cannot run script.
     */
    async create(actor: Actor, input: CreateAnnouncementData): Promise<AnnouncementDetails> {
      const body = sanitizeRichText(input.body);
      const acknowledgmentText = sanitizeRichText(input.acknowledgmentText);
      // Markup made only of stripped content (a lone <script>) leaves nothing to read.
      if (isBlankHtml(body)) throw invalidField('body', 'REQUIRED');
      if (isBlankHtml(acknowledgmentText)) throw invalidField('acknowledgmentText', 'REQUIRED');
      const created = await db.transaction(async (tx) => {
        const row = await announcements.insert(
          {
            title: input.title,
            body,
            acknowledgmentText,
            expirationDate: input.expirationDate,
            creatorUserId: actor.userId,
          },
          tx,
        );
        await audit.record(
          actor.context,
          {
            action: AUDIT_ACTION.announcementCreated,
            actorUserId: actor.userId,
            objectType: OBJECT_TYPE,
            objectId: row.id,
            details: { title: row.title, expirationDate: row.expirationDate },
          },
          tx,
        );
        return row;
      });
      return toDetails(created);
    },

    activate: (actor: Actor, id: number, expected: string[] | null = null) => setActive(actor, id, true, expected),
    deactivate: (actor: Actor, id: number, expected: string[] | null = null) => setActive(actor, id, false, expected),

    /** Staff have no client accounts, so nothing is waiting for them. */
    async unconfirmed(scope: ClientScope): Promise<UnconfirmedAnnouncement[]> {
      const rows = await announcements.findUnconfirmed(scope);
      const byId = new Map<number, UnconfirmedAnnouncement>();
      for (const row of rows) {
        let entry = byId.get(row.id);
        if (!entry) {
          entry = {
            announcement: {
              id: row.id,
              title: row.title,
              body: row.body,
              acknowledgmentText: row.acknowledgmentText,
            },
            clients: [],
          };
          byId.set(row.id, entry);
        }
        entry.clients.push({ id: row.clientId, name: row.clientName });
      }
      return [...byId.values()];
    },

    /**
     * Confirms for the named clients, each of which must be one the caller acts for; anything else
     * (an unknown, inactive or expired announcement, someone else's client) answers 404 and records
     * nothing. Confirming again is accepted and keeps the first time.
     */
    async acknowledge(
      actor: Actor,
      scope: ClientScope,
      id: number,
      input: AcknowledgeAnnouncementInput,
    ): Promise<void> {
      const clientIds = [...new Set(input.clients)];
      await db.transaction(async (tx) => {
        const announcement = await announcements.findLiveById(id, tx);
        if (!announcement) throw new NotFoundError(NOT_FOUND);
        const own = await announcements.findClientsOfUser(scope, clientIds, tx);
        if (own.length !== clientIds.length) throw new NotFoundError('Client not found');
        const recorded = await announcements.acknowledge(id, actor.userId, clientIds, tx);
        for (const { clientId } of recorded) {
          await audit.record(
            actor.context,
            {
              action: AUDIT_ACTION.announcementAcknowledged,
              actorUserId: actor.userId,
              objectType: OBJECT_TYPE,
              objectId: id,
              clientId,
            },
            tx,
          );
          await notifications.publish(
            {
              kind: NOTIFICATION_KIND.announcementAcknowledged,
              clientId,
              actorUserId: actor.userId,
              announcementId: id,
              announcementTitle: announcement.title,
            },
            tx,
          );
        }
      });
    },

    async acknowledgements(
      id: number,
      query: ListAcknowledgementsQuery,
      scope: ClientScope,
    ): Promise<AcknowledgementList> {
      if (!(await announcements.findById(id))) throw new NotFoundError(NOT_FOUND);
      if (query.status === ACKNOWLEDGEMENT_STATUS.pending) {
        const page = await announcements.findPending(id, query, scope);
        return { items: page.items.map((item) => ({ ...item, acknowledgedAt: null })), totalCount: page.totalCount };
      }
      const page = await announcements.findAcknowledged(id, query, scope);
      return {
        items: page.items.map((item) => ({ ...item, acknowledgedAt: item.acknowledgedAt.toISOString() })),
        totalCount: page.totalCount,
      };
    },
  };
}
