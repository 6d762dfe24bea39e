import {
  addDays,
  hourIn,
  isReminderDay,
  NOTIFICATION_DELIVERY,
  NOTIFICATION_KIND,
  REMINDER_LIMITS,
  REMINDER_SEND_FROM_HOUR,
  REQUEST_ERROR,
  REQUEST_STATUS,
  todayIn,
  type ReminderCadence,
  type ReminderRecipients,
  type RemindResult,
} from '@ledgerport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import type { MailService } from '../mail/index.js';
import { maskedName, type NotificationPublisher, type NotificationRecipients } from '../notifications/index.js';
import { effectiveCadenceOf } from './request-cadence.js';
import type { RequestRemindersRepository } from './request-reminders.repository.js';
import { requestScopeOf } from './request-scope.js';

export const SEND_REQUEST_REMINDERS_JOB = 'requests.send-reminders';

/**
 * Queues the next hourly run (lib/jobs/hourly.ts): any number of processes keep one chain, and a run
 * passes its own job's payload as `after` so a process clock behind the database's cannot stop it.
 */
export function scheduleRequestReminders(
  queue: JobQueue,
  options: { now?: Date; after?: unknown } = {},
): Promise<Date> {
  return scheduleHourly(queue, SEND_REQUEST_REMINDERS_JOB, options);
}

/**
 * An error as the job logs it: its kind and its message masked as the digests' are (a mail or
 * template error may name the address), not its other fields (a database error's `detail` quotes
 * the row's values, an e-mail address among them).
 */
function errorSummary(error: unknown): { type: string; code?: string; message: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: maskedName(String(error)) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, ...(typeof code === 'string' ? { code } : {}), message: maskedName(error.message) };
}

type Caller = Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>;

/** Who sends a reminder: a staff member's "Remind now", or null for the daily job. */
type Sender = { userId: number } | null;
type Outcome = 'sent' | 'alreadyReminded' | 'nothing';

export type RequestRemindersService = ReturnType<typeof createRequestRemindersService>;

/**
 * Request reminders (issue 22 item 4; docs/requests.md#reminders): every client user an open request
 * waits on gets, on its cadence's days, one reminder a day (an e-mail listing every item they owe
 * that is due a reminder that day, and a notification), at most K days per request; staff may send
 * today's reminder at once ("Remind now"), which is that same one reminder of the day. The claim row
 * of (person, 'reminder', day) in notification_mails is what makes it one: the job run twice, on two
 * workers, retried after a crash, or racing "Remind now", sends it once.
 */
export function createRequestRemindersService({
  db,
  repository,
  recipients,
  mail,
  notifications,
  audit,
  timeZone,
  firmCadence,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  repository: RequestRemindersRepository;
  /** The notifications module's rule for who on the client's side hears of an object, and each person's choices. */
  recipients: NotificationRecipients;
  mail: MailService;
  notifications: NotificationPublisher;
  audit: AuditLog;
  /** The firm's IANA zone: reminder days are days there. */
  timeZone: (tx?: DbOrTx) => Promise<string>;
  /** The firm's default cadence (its settings). */
  firmCadence: (tx?: DbOrTx) => Promise<ReminderCadence>;
  /** Where the job tells of a request or person it could not remind this run (ids only). */
  logger: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}) {
  /**
   * The requests due a reminder on the firm day, per person: each open request with reminders on
   * whose cadence falls on the day, for each of its client users (the owner and the collaborators
   * granted its service) who have had fewer than its K reminder days.
   */
  async function dueOn(day: string): Promise<Map<number, number[]>> {
    const firm = await firmCadence();
    // Nothing further ahead than the longest "days before" can have a reminder day today.
    const candidates = await repository.candidates(addDays(day, REMINDER_LIMITS.daysBefore.max));
    const due = candidates
      .map((request) => ({ ...request, cadence: effectiveCadenceOf(request, firm) }))
      .filter((request) => isReminderDay(request.cadence, request.dueDate, day));
    const counts = await repository.sentCounts(due.map((request) => request.id));
    const people = new Map<string, number[]>();
    const byUser = new Map<number, number[]>();
    for (const request of due) {
      const target = `${request.clientId}:${request.serviceId}`;
      if (!people.has(target)) {
        try {
          people.set(
            target,
            await recipients.clientUsers({ clientId: request.clientId, serviceId: request.serviceId }),
          );
        } catch (error) {
          // One request's trouble is not everyone's: its people are left for the next run.
          logger.error(
            { requestId: request.id, clientId: request.clientId, day, err: errorSummary(error) },
            'request reminder recipients could not be read; the next run tries again',
          );
          people.set(target, []);
        }
      }
      for (const userId of people.get(target)!) {
        if ((counts.get(`${request.id}:${userId}`) ?? 0) >= request.cadence.maxCount) continue;
        byUser.set(userId, [...(byUser.get(userId) ?? []), request.id]);
      }
    }
    return byUser;
  }

  /**
   * One person's reminder of the day, in one transaction: the claim, a row per request listed, the
   * e-mail (unless they chose in-app only for reminders) and the notification. Nothing when someone
   * holds the day's claim already, or nothing is waiting any more.
   */
  async function send(userId: number, day: string, requestIds: readonly number[], sender: Sender): Promise<Outcome> {
    const sentAt = now();
    return db.transaction(async (tx) => {
      const items = await repository.waitingItems([...new Set(requestIds)], tx);
      const person = await repository.person(userId, tx);
      if (items.length === 0 || !person?.isActive) return 'nothing';
      const claim = await repository.claim(userId, day, tx);
      if (claim === null) return 'alreadyReminded';
      const listed = [...new Set(items.map((item) => item.requestId))];
      await repository.insertReminders(
        listed.map((requestId) => ({
          requestId,
          userId,
          firmDay: day,
          manual: sender !== null,
          sentByUserId: sender?.userId ?? null,
          createdAt: sentAt,
        })),
        tx,
      );
      const overdueCount = items.filter((item) => item.dueDate < day).length;
      if (
        (await recipients.clientDelivery(userId, NOTIFICATION_KIND.reminder, tx)) !== NOTIFICATION_DELIVERY.inAppOnly
      ) {
        const mailId = await mail.queue(
          'requestReminder',
          person.emailAddress,
          {
            firstName: person.firstName,
            items: items.map((item) => ({
              clientName: item.clientName,
              // Names people typed, masked as in every notification line (an SSN typed into a title).
              requestTitle: maskedName(item.requestTitle),
              itemName: maskedName(item.itemTitle),
              dueDate: item.dueDate,
              overdue: item.dueDate < day,
            })),
          },
          tx,
        );
        await repository.setClaimMail(claim, mailId, tx);
      }
      const clientIds = new Set(items.map((item) => item.clientId));
      await notifications.publish(
        {
          kind: NOTIFICATION_KIND.reminder,
          userId,
          day,
          clientId: clientIds.size === 1 ? [...clientIds][0]! : null,
          actorUserId: sender?.userId ?? null,
          itemCount: items.length,
          overdueCount,
        },
        tx,
      );
      return 'sent';
    });
  }

  async function firmDay(at: Date): Promise<{ zone: string; day: string }> {
    const zone = await timeZone();
    return { zone, day: todayIn(zone, at) };
  }

  /** The requests of `ids` the caller may see, or 404 for all of them when one is outside (or missing). */
  async function findOrThrow(caller: Caller, ids: readonly number[]) {
    if (caller.isClient) throw new ForbiddenError('Only the firm does this.');
    const unique = [...new Set(ids)];
    const found = await repository.findMany(requestScopeOf(caller), unique);
    if (found.length !== unique.length) throw new NotFoundError('Request not found.');
    return found;
  }

  /**
   * "Remind now": today's reminder at once to each client user an item of the requests waits on,
   * listing those requests and whatever else is due a reminder for them today (so the job finds
   * nothing left to send them). Someone who had today's reminder already is skipped and counted.
   */
  async function remind(
    caller: Caller,
    context: RequestContext,
    requests: Awaited<ReturnType<typeof findOrThrow>>,
  ): Promise<RemindResult> {
    const { day } = await firmDay(now());
    const waiting = new Set(
      (await repository.waitingItems(requests.map((request) => request.id))).map((item) => item.requestId),
    );
    const chosen = new Map<number, number[]>();
    let requestsSkipped = 0;
    for (const request of requests) {
      const people = waiting.has(request.id)
        ? await recipients.clientUsers({ clientId: request.clientId, serviceId: request.serviceId })
        : [];
      if (people.length === 0) requestsSkipped += 1;
      for (const userId of people) chosen.set(userId, [...(chosen.get(userId) ?? []), request.id]);
    }
    const due = chosen.size === 0 ? new Map<number, number[]>() : await dueOn(day);
    const outcomes = new Map<number, Outcome>();
    for (const [userId, requestIds] of chosen) {
      outcomes.set(userId, await send(userId, day, [...requestIds, ...(due.get(userId) ?? [])], caller));
    }
    const result = { reminded: 0, alreadyReminded: 0, requestsSkipped };
    for (const outcome of outcomes.values()) {
      if (outcome === 'sent') result.reminded += 1;
      if (outcome === 'alreadyReminded') result.alreadyReminded += 1;
    }
    await db.transaction(async (tx) => {
      for (const request of requests) {
        const people = [...chosen]
          .filter(([, requestIds]) => requestIds.includes(request.id))
          .map(([userId]) => userId);
        if (people.length === 0) continue;
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.requestReminded,
            actorUserId: caller.userId,
            objectType: 'request',
            objectId: request.id,
            clientId: request.clientId,
            details: {
              day,
              remindedUserIds: people.filter((userId) => outcomes.get(userId) === 'sent'),
              alreadyRemindedUserIds: people.filter((userId) => outcomes.get(userId) === 'alreadyReminded'),
            },
          },
          tx,
        );
      }
    });
    return result;
  }

  return {
    /**
     * The job (SEND_REQUEST_REMINDERS_JOB), hourly: from REMINDER_SEND_FROM_HOUR of the firm's day on,
     * each person due a reminder today who has not had it gets it. Later runs of the day find them
     * claimed and send nothing. A request or person that fails is logged and left for the next run;
     * the others are reminded all the same. Returns how many people it reminded.
     */
    async runDue(at: Date = now()): Promise<number> {
      const { zone, day } = await firmDay(at);
      if (hourIn(zone, at) < REMINDER_SEND_FROM_HOUR) return 0;
      const due = await dueOn(day);
      const claimed = await repository.remindedOn([...due.keys()], day);
      let reminded = 0;
      for (const [userId, requestIds] of due) {
        if (claimed.has(userId)) continue;
        try {
          if ((await send(userId, day, requestIds, null)) === 'sent') reminded += 1;
        } catch (error) {
          // Their transaction rolled back (no claim, nothing listed, no e-mail), so the next hourly
          // run finds them due and tries again; everyone after them is still reminded now.
          logger.error(
            { userId, requestIds, day, err: errorSummary(error) },
            'request reminder failed; the next run tries again',
          );
        }
      }
      return reminded;
    },

    /** `POST document/requests/{id}/remind`: one open request (409 REQUEST_NOT_OPEN otherwise). */
    async remindOne(caller: Caller, context: RequestContext, id: number): Promise<RemindResult> {
      const [request] = await findOrThrow(caller, [id]);
      if (request!.status !== REQUEST_STATUS.open) {
        throw new AppError(409, REQUEST_ERROR.notOpen, 'This request is no longer open.');
      }
      return remind(caller, context, [request!]);
    },

    /** `POST document/requests/remind`: the Requests list's selection; closed ones are counted as skipped. */
    async remindMany(caller: Caller, context: RequestContext, ids: readonly number[]): Promise<RemindResult> {
      return remind(caller, context, await findOrThrow(caller, ids));
    },

    /** Who "Remind now" would reach, for its confirmation: nobody when nothing waits on the client. */
    async recipientsOf(caller: Caller, id: number): Promise<ReminderRecipients> {
      const [request] = await findOrThrow(caller, [id]);
      const waiting = request!.status === REQUEST_STATUS.open && (await repository.waitingItems([id])).length > 0;
      if (!waiting) return { recipients: [] };
      const people = await recipients.clientUsers({ clientId: request!.clientId, serviceId: request!.serviceId });
      const { day } = await firmDay(now());
      const [names, reminded] = await Promise.all([repository.names(people), repository.remindedOn(people, day)]);
      return {
        recipients: people
          .map((userId) => ({ id: userId, name: names.get(userId) ?? '', remindedToday: reminded.has(userId) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  };
}
