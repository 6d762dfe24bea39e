import { and, asc, count, eq, exists, inArray, lte, sql } from 'drizzle-orm';
import { REQUEST_ITEM_STATUS, REQUEST_STATUS, type RequestStatus } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { clients, notificationMails, requestItems, requestReminders, requests, users } from '../../db/schema/index.js';
import { requestIdInScope, requestScopeCondition, type RequestScope } from './request-scope.js';

/** The claim of a person's one reminder e-mail of a firm day (notification_mails.kind). */
const REMINDER_MAIL_KIND = 'reminder';

const waitingOnClient = inArray(requestItems.status, [REQUEST_ITEM_STATUS.requested, REQUEST_ITEM_STATUS.returned]);

export interface NewReminder {
  requestId: number;
  userId: number;
  firmDay: string;
  manual: boolean;
  sentByUserId: number | null;
  createdAt: Date;
}

export type RequestRemindersRepository = ReturnType<typeof createRequestRemindersRepository>;

/** Request reminders (docs/requests.md#reminders): what is due, who was reminded, and the day's claim. */
export function createRequestRemindersRepository({ db }: { db: Db }) {
  return {
    /**
     * Open requests with reminders on, something waiting on the client and a due date no later than
     * `dueBy`: the ones a reminder day can fall on (the caller applies each one's cadence).
     * @unscoped the job worker looks at every client's requests; nobody's request is behind it
     */
    async candidates(dueBy: string, tx: DbOrTx = db) {
      return tx
        .select({
          id: requests.id,
          clientId: requests.clientId,
          serviceId: requests.serviceId,
          dueDate: requests.dueDate,
          reminderDaysBefore: requests.reminderDaysBefore,
          reminderOnDueDate: requests.reminderOnDueDate,
          reminderEveryDaysOverdue: requests.reminderEveryDaysOverdue,
          reminderMaxCount: requests.reminderMaxCount,
        })
        .from(requests)
        .where(
          and(
            eq(requests.status, REQUEST_STATUS.open),
            eq(requests.remindersEnabled, true),
            lte(requests.dueDate, dueBy),
            exists(
              tx
                .select({ one: requestItems.id })
                .from(requestItems)
                .where(and(eq(requestItems.requestId, requests.id), waitingOnClient)),
            ),
          ),
        )
        .orderBy(asc(requests.dueDate), asc(requests.id));
    },

    /** Reminder days so far per request and person ("at most K times"), keyed `request:user`. */
    async sentCounts(requestIds: readonly number[], tx: DbOrTx = db): Promise<Map<string, number>> {
      if (requestIds.length === 0) return new Map();
      const rows = await tx
        .select({ requestId: requestReminders.requestId, userId: requestReminders.userId, n: count() })
        .from(requestReminders)
        .where(inArray(requestReminders.requestId, [...requestIds]))
        .groupBy(requestReminders.requestId, requestReminders.userId);
      return new Map(rows.map((row) => [`${row.requestId}:${row.userId}`, row.n]));
    },

    /** Of these people, those whose reminder of the firm day is claimed (sent, or being sent). */
    async remindedOn(userIds: readonly number[], day: string, tx: DbOrTx = db): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await tx
        .select({ userId: notificationMails.userId })
        .from(notificationMails)
        .where(
          and(
            inArray(notificationMails.userId, [...userIds]),
            eq(notificationMails.kind, REMINDER_MAIL_KIND),
            eq(notificationMails.period, day),
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },

    /**
     * Claims the person's one reminder of the firm day: the claim's id, or null when someone (another
     * worker, a retry, a staff member's "Remind now") has it already. Another transaction's uncommitted
     * claim makes this one wait for it to end, so exactly one of them sends.
     */
    async claim(userId: number, day: string, tx: DbOrTx): Promise<number | null> {
      const [row] = await tx
        .insert(notificationMails)
        .values({ userId, kind: REMINDER_MAIL_KIND, period: day })
        .onConflictDoNothing({ target: [notificationMails.userId, notificationMails.kind, notificationMails.period] })
        .returning({ id: notificationMails.id });
      return row?.id ?? null;
    },

    async setClaimMail(claimId: number, mailId: number, tx: DbOrTx): Promise<void> {
      await tx.update(notificationMails).set({ mailId }).where(eq(notificationMails.id, claimId));
    },

    async insertReminders(rows: readonly NewReminder[], tx: DbOrTx): Promise<void> {
      if (rows.length === 0) return;
      await tx
        .insert(requestReminders)
        .values([...rows])
        .onConflictDoNothing();
    },

    /**
     * The items still waiting on the client (requested or returned) of those of the requests that are
     * open, soonest due first: what a reminder lists.
     * @unscoped the requests were chosen by the job or read within the caller's scope first
     */
    async waitingItems(requestIds: readonly number[], tx: DbOrTx = db) {
      if (requestIds.length === 0) return [];
      return tx
        .select({
          requestId: requests.id,
          requestTitle: requests.title,
          dueDate: requests.dueDate,
          clientId: requests.clientId,
          clientName: clients.name,
          itemTitle: requestItems.title,
        })
        .from(requestItems)
        .innerJoin(requests, eq(requests.id, requestItems.requestId))
        .innerJoin(clients, eq(clients.id, requests.clientId))
        .where(and(inArray(requests.id, [...requestIds]), eq(requests.status, REQUEST_STATUS.open), waitingOnClient))
        .orderBy(asc(requests.dueDate), asc(requests.id), asc(requestItems.position));
    },

    /** The person a reminder goes to. */
    async person(userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          emailAddress: users.emailAddress,
          isActive: users.isActive,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async names(userIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** The requests of `ids` within the scope ("Remind now"): fewer than asked means some are outside it. */
    async findMany(scope: RequestScope, ids: readonly number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({
          id: requests.id,
          clientId: requests.clientId,
          serviceId: requests.serviceId,
          title: requests.title,
          status: requests.status,
        })
        .from(requests)
        .where(and(inArray(requests.id, [...ids]), requestScopeCondition(tx, scope)))
        .orderBy(asc(requests.id));
      return rows.map((row) => ({
        ...row,
        id: requestIdInScope(row.id),
        status: row.status as RequestStatus,
      }));
    },
  };
}
