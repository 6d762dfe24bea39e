import {
  addDays,
  NOTIFICATION_KIND,
  periodName,
  REQUEST_SCHEDULE_AUDIENCE,
  todayIn,
  type ListQuery,
  type Paged,
  type RequestSchedule,
  type RequestScheduleData,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import type { RequestSchedulesRepository } from './request-schedules.repository.js';
import type { RequestTemplatesRepository } from './request-templates.repository.js';
import type { RequestsRepository } from './requests.repository.js';

export const RUN_REQUEST_SCHEDULES_JOB = 'requests.run-schedules';

/**
 * Queues the next hourly run (lib/jobs/hourly.ts), so a schedule's day is met within an hour of its
 * start in the firm's zone and a worker that was down on the day catches up on its next run. A run
 * passes its own job's payload as `after`: a process clock behind the database's cannot stop the chain.
 */
export function scheduleRequestSchedules(
  queue: JobQueue,
  options: { now?: Date; after?: unknown } = {},
): Promise<Date> {
  return scheduleHourly(queue, RUN_REQUEST_SCHEDULES_JOB, options);
}

/** The job acts for no one: its audit events carry no address or browser. */
const JOB_CONTEXT: RequestContext = { ipAddress: 'job', userAgent: RUN_REQUEST_SCHEDULES_JOB, requestId: 'job' };

function invalid(field: string, message: string): BadRequestError {
  return new BadRequestError('The request is not valid.', undefined, [{ in: 'body', field, message }]);
}

export type RequestSchedulesService = ReturnType<typeof createRequestSchedulesService>;

/** Recurring requests (docs/requests.md): the admin's configuration and the job that runs it. */
export function createRequestSchedulesService({
  db,
  repository,
  templates,
  requests,
  audit,
  timeZone,
  notifications,
}: {
  db: Db;
  repository: RequestSchedulesRepository;
  templates: RequestTemplatesRepository;
  requests: RequestsRepository;
  audit: AuditLog;
  timeZone: (tx?: DbOrTx) => Promise<string>;
  /** Each request made tells the client's people, as one sent by hand does. */
  notifications: NotificationPublisher;
}) {
  type Row = NonNullable<Awaited<ReturnType<RequestSchedulesRepository['find']>>>;

  async function toDtos(rows: Row[], tx: DbOrTx = db): Promise<RequestSchedule[]> {
    const chosen = await repository.chosenClients(
      rows.map((row) => row.id),
      tx,
    );
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      template: { id: row.templateId, name: row.templateName },
      dayOfMonth: row.dayOfMonth,
      audience: row.audience as RequestSchedule['audience'],
      clients: chosen.filter((client) => client.scheduleId === row.id).map(({ id, name }) => ({ id, name })),
      audienceService:
        row.audienceServiceId === null || row.audienceServiceName === null
          ? null
          : { id: row.audienceServiceId, displayName: row.audienceServiceName },
      isActive: row.isActive,
      lastPeriod: row.lastPeriod,
    }));
  }

  async function detailsOf(id: number, tx: DbOrTx = db): Promise<RequestSchedule> {
    const row = await repository.find(id, tx);
    if (!row) throw new NotFoundError('Recurring request not found.');
    return (await toDtos([row], tx))[0]!;
  }

  async function save(
    caller: Pick<Principal, 'userId'>,
    context: RequestContext,
    id: number | null,
    input: RequestScheduleData,
    expected: string[] | null = null,
  ): Promise<RequestSchedule> {
    return db.transaction(async (tx) => {
      if (id !== null && (await repository.lockVersion(id, expected, tx)) === null) {
        throw new NotFoundError('Recurring request not found.');
      }
      if (!(await templates.find(input.templateId, tx))) throw invalid('templateId', 'The template does not exist.');
      const chosen = input.audience === REQUEST_SCHEDULE_AUDIENCE.chosenClients;
      const clientIds = chosen ? [...new Set(input.clientIds)] : [];
      if ((await repository.countClients(clientIds, tx)) !== clientIds.length) {
        throw invalid('clientIds', 'A chosen client does not exist.');
      }
      const values = {
        name: input.name,
        templateId: input.templateId,
        dayOfMonth: input.dayOfMonth,
        audience: input.audience,
        audienceServiceId: chosen ? null : (input.audienceServiceId ?? null),
        isActive: input.isActive,
      };
      const saved = await repository.save(id, values, clientIds, caller.userId, tx);
      if (saved === null) throw new NotFoundError('Recurring request not found.');
      await audit.record(
        context,
        {
          action: id === null ? AUDIT_ACTION.requestScheduleCreated : AUDIT_ACTION.requestScheduleUpdated,
          actorUserId: caller.userId,
          objectType: 'request-schedule',
          objectId: saved,
          details: { name: input.name, templateId: input.templateId, dayOfMonth: input.dayOfMonth },
        },
        tx,
      );
      return detailsOf(saved, tx);
    });
  }

  /**
   * Makes this month's requests of every schedule whose day has come (in the firm's zone) and that
   * existed on that day. Each request goes in on its own, and the unique index on schedule, period and
   * client turns a second run, a crashed run's retry or another worker's run into a no-op.
   * Returns how many requests it made.
   */
  async function runDue(now: Date = new Date()): Promise<number> {
    const zone = await timeZone();
    const today = todayIn(zone, now);
    const period = today.slice(0, 7);
    let made = 0;
    for (const schedule of await repository.active()) {
      const runDate = `${period}-${String(schedule.dayOfMonth).padStart(2, '0')}`;
      if (today < runDate || todayIn(zone, schedule.createdAt) > runDate) continue;
      const template = await templates.find(schedule.templateId);
      if (!template) continue;
      const items = await templates.items(template.id);
      if (items.length === 0) continue;
      const itemRows = items.map((item) => ({
        title: item.title,
        description: item.description,
        kind: item.kind,
        tagIds: item.tags.map((tag) => tag.id),
      }));
      for (const target of await repository.targets(schedule, template.serviceId)) {
        const title = `${template.title} - ${periodName(period)}`;
        const id = await db.transaction(async (tx) => {
          const created = await requests.insert(
            target,
            {
              title,
              description: template.description,
              dueDate: addDays(runDate, template.dueOffsetDays),
              creatorUserId: null,
              templateId: template.id,
            },
            itemRows,
            tx,
            { scheduleId: schedule.id, period },
          );
          if (created !== null) {
            await audit.record(
              JOB_CONTEXT,
              {
                action: AUDIT_ACTION.requestCreated,
                actorUserId: null,
                objectType: 'request',
                objectId: created,
                clientId: target.clientId,
                details: { title, scheduleId: schedule.id, period, itemCount: itemRows.length },
              },
              tx,
            );
            await notifications.publish(
              {
                kind: NOTIFICATION_KIND.requestCreated,
                clientId: target.clientId,
                serviceId: target.serviceId,
                actorUserId: null,
                requestId: created,
                requestTitle: title,
                requestCreatorUserId: null,
              },
              tx,
            );
          }
          return created;
        });
        if (id !== null) made += 1;
      }
    }
    return made;
  }

  return {
    async list(page: Pick<ListQuery, 'limit' | 'offset'>): Promise<Paged<RequestSchedule>> {
      const { rows, totalCount } = await repository.list(page);
      return { items: await toDtos(rows), totalCount };
    },
    details: (id: number) => detailsOf(id),
    create: (caller: Pick<Principal, 'userId'>, context: RequestContext, input: RequestScheduleData) =>
      save(caller, context, null, input),
    update: (
      caller: Pick<Principal, 'userId'>,
      context: RequestContext,
      id: number,
      input: RequestScheduleData,
      expected: string[] | null = null,
    ) => save(caller, context, id, input, expected),
    async delete(
      caller: Pick<Principal, 'userId'>,
      context: RequestContext,
      id: number,
      expected: string[] | null = null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const schedule =
          (await repository.lockVersion(id, expected, tx)) === null ? undefined : await repository.find(id, tx);
        if (!schedule || !(await repository.delete(id, tx))) throw new NotFoundError('Recurring request not found.');
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.requestScheduleDeleted,
            actorUserId: caller.userId,
            objectType: 'request-schedule',
            objectId: id,
            details: { name: schedule.name },
          },
          tx,
        );
      });
    },
    runDue,
  };
}
