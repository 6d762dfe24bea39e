import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ListQuery } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import {
  clients,
  clientServices,
  requests,
  requestScheduleClients,
  requestSchedules,
  requestTemplates,
  services,
} from '../../db/schema/index.js';
import { requestTargetInScope, type RequestTargetInScope } from './request-scope.js';

export interface ScheduleValues {
  name: string;
  templateId: number;
  dayOfMonth: number;
  audience: number;
  audienceServiceId: number | null;
  isActive: boolean;
}

export type RequestSchedulesRepository = ReturnType<typeof createRequestSchedulesRepository>;

/**
 * Recurring requests: the firm's own configuration, behind request-schedule:* (held by the admin),
 * and the job that runs them. Neither acts for a client user, so neither takes a client scope.
 */
export function createRequestSchedulesRepository({ db }: { db: Db }) {
  const lastPeriod = sql<
    string | null
  >`(select max(${requests.period}) from ${requests} where ${requests.scheduleId} = ${requestSchedules.id})`;
  const columns = {
    id: requestSchedules.id,
    version: rowVersion(requestSchedules),
    name: requestSchedules.name,
    templateId: requestSchedules.templateId,
    templateName: requestTemplates.name,
    dayOfMonth: requestSchedules.dayOfMonth,
    audience: requestSchedules.audience,
    audienceServiceId: requestSchedules.audienceServiceId,
    audienceServiceName: services.displayName,
    isActive: requestSchedules.isActive,
    createdAt: requestSchedules.createdAt,
    lastPeriod,
  };

  function select(tx: DbOrTx) {
    return tx
      .select(columns)
      .from(requestSchedules)
      .innerJoin(requestTemplates, eq(requestTemplates.id, requestSchedules.templateId))
      .leftJoin(services, eq(services.id, requestSchedules.audienceServiceId));
  }

  return {
    async list(page: Pick<ListQuery, 'limit' | 'offset'>, tx: DbOrTx = db) {
      const [rows, [total]] = await Promise.all([
        select(tx)
          .orderBy(sql`lower(${requestSchedules.name})`, asc(requestSchedules.id))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ value: count() }).from(requestSchedules),
      ]);
      return { rows, totalCount: total?.value ?? 0 };
    },

    /** Locks the row and refuses a stale If-Match (412, lib/row-version.ts); null when there is none. */
    lockVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: requestSchedules,
        where: eq(requestSchedules.id, id),
        expected,
        objectType: 'request-schedule',
        objectId: id,
      });
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await select(tx).where(eq(requestSchedules.id, id)).limit(1);
      return row;
    },

    /**
     * The chosen clients of these schedules, by name.
     * @unscoped the firm's schedule configuration (request-schedule:*, staff only) names its clients
     */
    async chosenClients(scheduleIds: readonly number[], tx: DbOrTx = db) {
      if (scheduleIds.length === 0) return [];
      return tx
        .select({ scheduleId: requestScheduleClients.scheduleId, id: clients.id, name: clients.name })
        .from(requestScheduleClients)
        .innerJoin(clients, eq(clients.id, requestScheduleClients.clientId))
        .where(inArray(requestScheduleClients.scheduleId, [...scheduleIds]))
        .orderBy(asc(clients.name), asc(clients.id));
    },

    /**
     * How many of these ids are clients.
     * @unscoped the firm's schedule configuration (request-schedule:*, staff only) checks the clients it names
     */
    async countClients(ids: readonly number[], tx: DbOrTx = db): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await tx
        .select({ value: count() })
        .from(clients)
        .where(inArray(clients.id, [...ids]));
      return row?.value ?? 0;
    },

    /**
     * Writes a schedule and its chosen clients (replacing them on an edit).
     * @unscoped the firm's schedule configuration (request-schedule:*, staff only)
     */
    async save(id: number | null, values: ScheduleValues, clientIds: readonly number[], userId: number, tx: DbOrTx) {
      let scheduleId = id;
      if (scheduleId === null) {
        const [row] = await tx
          .insert(requestSchedules)
          .values({ ...values, creatorUserId: userId })
          .returning({ id: requestSchedules.id });
        scheduleId = row!.id;
      } else {
        const changed = await tx
          .update(requestSchedules)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(requestSchedules.id, scheduleId))
          .returning({ id: requestSchedules.id });
        if (changed.length === 0) return null;
        await tx.delete(requestScheduleClients).where(eq(requestScheduleClients.scheduleId, scheduleId));
      }
      if (clientIds.length > 0) {
        await tx
          .insert(requestScheduleClients)
          .values([...new Set(clientIds)].map((clientId) => ({ scheduleId: scheduleId!, clientId })));
      }
      return scheduleId;
    },

    async delete(id: number, tx: DbOrTx = db): Promise<boolean> {
      const deleted = await tx
        .delete(requestSchedules)
        .where(eq(requestSchedules.id, id))
        .returning({ id: requestSchedules.id });
      return deleted.length > 0;
    },

    /** Active schedules with their day, audience and template (the job's work list). */
    async active(tx: DbOrTx = db) {
      return tx
        .select({
          id: requestSchedules.id,
          dayOfMonth: requestSchedules.dayOfMonth,
          audience: requestSchedules.audience,
          audienceServiceId: requestSchedules.audienceServiceId,
          templateId: requestSchedules.templateId,
          createdAt: requestSchedules.createdAt,
        })
        .from(requestSchedules)
        .where(eq(requestSchedules.isActive, true))
        .orderBy(asc(requestSchedules.id));
    },

    /**
     * The active clients a schedule's request goes to that use `serviceId` (the template's) actively:
     * the chosen ones, or every client using the audience service.
     * @unscoped the firm's own job (request schedules), acting for no user
     */
    async targets(
      schedule: { id: number; audience: number; audienceServiceId: number | null },
      serviceId: number,
      tx: DbOrTx = db,
    ): Promise<RequestTargetInScope[]> {
      const usesTemplateService = sql`exists (select 1 from ${clientServices} cs join ${services} s on s.id = cs.service_id
        where cs.client_id = ${clients.id} and cs.service_id = ${serviceId} and s.is_active)`;
      const inAudience =
        schedule.audience === 1
          ? sql`exists (select 1 from ${requestScheduleClients} where ${requestScheduleClients.scheduleId} = ${schedule.id}
              and ${requestScheduleClients.clientId} = ${clients.id})`
          : sql`exists (select 1 from ${clientServices} where ${clientServices.clientId} = ${clients.id}
              and ${clientServices.serviceId} = ${schedule.audienceServiceId})`;
      const rows = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.isActive, true), usesTemplateService, inAudience))
        .orderBy(asc(clients.id));
      return rows.map((row) => requestTargetInScope(row.id, serviceId));
    },
  };
}
