import { and, asc, count, eq, exists, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE_NAME, type ClientSortKey } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  clientSpouses,
  clients,
  roles,
  services,
  states,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { containsIgnoreCase, phoneContains, orderByFromQuery, runPrepared } from '../../lib/list-query.js';
import { clientScopeCondition, type ClientScope } from './client-scope.js';

export type ClientsRepository = ReturnType<typeof createClientsRepository>;

/** The list's filters, resolved by the service (SSN/TIN already turned into blind indexes). */
export interface ClientListFilters {
  fullName?: string;
  tinIndex?: string;
  ssnIndex?: string;
  phoneNumber?: string;
  city?: string;
  stateId?: number;
  serviceId?: number;
  ownerOrCollaboratorUserId?: number;
  advisorUserId?: number;
  emailAddress?: string;
  isActive?: boolean;
  clientType?: number;
  /** Only clients with an e-mail address (the bulk e-mail). */
  withEmailAddress?: boolean;
  /** The clients the caller may see (ADR 0010). */
  scope: ClientScope;
}

export interface ClientListSort {
  sortedBy?: ClientSortKey;
  sortedDesc?: boolean;
}

const owner = alias(users, 'owner');
const advisor = alias(users, 'advisor');
const fullNameOf = (table: typeof owner) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

function listWhere(db: DbOrTx, f: ClientListFilters): SQL | undefined {
  return and(
    clientScopeCondition(db, f.scope),
    f.fullName ? containsIgnoreCase(clients.name, f.fullName) : undefined,
    f.tinIndex ? eq(clients.tinIndex, f.tinIndex) : undefined,
    f.ssnIndex ? eq(clients.ssnIndex, f.ssnIndex) : undefined,
    f.phoneNumber ? phoneContains(clients.phoneNumber, f.phoneNumber) : undefined,
    f.city ? containsIgnoreCase(clients.city, f.city) : undefined,
    f.stateId === undefined ? undefined : eq(clients.stateId, f.stateId),
    f.serviceId === undefined
      ? undefined
      : exists(
          db
            .select({ one: clientServices.clientId })
            .from(clientServices)
            .where(and(eq(clientServices.clientId, clients.id), eq(clientServices.serviceId, f.serviceId))),
        ),
    f.ownerOrCollaboratorUserId === undefined
      ? undefined
      : or(
          eq(clients.ownerUserId, f.ownerOrCollaboratorUserId),
          exists(
            db
              .select({ one: clientCollaborators.clientId })
              .from(clientCollaborators)
              .where(
                and(
                  eq(clientCollaborators.clientId, clients.id),
                  eq(clientCollaborators.userId, f.ownerOrCollaboratorUserId),
                ),
              ),
          ),
        ),
    f.advisorUserId === undefined ? undefined : eq(clients.advisorUserId, f.advisorUserId),
    f.emailAddress ? containsIgnoreCase(clients.emailAddress, f.emailAddress) : undefined,
    f.isActive === undefined ? undefined : eq(clients.isActive, f.isActive),
    f.clientType === undefined ? undefined : eq(clients.clientType, f.clientType),
    f.withEmailAddress ? and(isNotNull(clients.emailAddress), ne(clients.emailAddress, '')) : undefined,
  );
}

const SORTABLE = {
  name: sql`lower(${clients.name})`,
  phoneNumber: clients.phoneNumber,
  emailAddress: sql`lower(${clients.emailAddress})`,
  owner: sql`lower(${owner.firstName} || ' ' || ${owner.lastName})`,
  advisor: sql`lower(${advisor.firstName} || ' ' || ${advisor.lastName})`,
};

export function createClientsRepository({ db }: { db: DbOrTx }) {
  const rowColumns = {
    id: clients.id,
    clientType: clients.clientType,
    name: clients.name,
    isActive: clients.isActive,
    phoneNumber: clients.phoneNumber,
    emailAddress: clients.emailAddress,
    tinEncrypted: clients.tinEncrypted,
    ssnEncrypted: clients.ssnEncrypted,
    ownerUserId: clients.ownerUserId,
    ownerFullName: fullNameOf(owner),
    advisorUserId: clients.advisorUserId,
    advisorFullName: sql<string | null>`${advisor.firstName} || ' ' || ${advisor.lastName}`,
    version: rowVersion(clients),
  };

  const selectRows = (tx: DbOrTx) =>
    tx
      .select(rowColumns)
      .from(clients)
      .innerJoin(owner, eq(owner.id, clients.ownerUserId))
      .leftJoin(advisor, eq(advisor.id, clients.advisorUserId));

  return {
    /**
     * One page of the Clients list, filtered, sorted and paged in SQL; prepared per shape (ADR 0009).
     * The page's ids are chosen first, reading the owner and advisor only when the order is theirs,
     * and their rows read after: joined before the LIMIT, every match of a name search (1,716 for
     * "smith" on the large firm) was joined to its people before ten were kept (issue 26).
     */
    findPage(filters: ClientListFilters, sort: ClientListSort, page: { limit: number; offset: number }, tx = db) {
      const order = orderByFromQuery(SORTABLE, sort, { key: 'name' }, clients.id);
      const byPerson = sort.sortedBy === 'owner' || sort.sortedBy === 'advisor';
      const ids = tx.select({ id: clients.id }).from(clients).$dynamic();
      const pageIds = (
        byPerson
          ? ids
              .innerJoin(owner, eq(owner.id, clients.ownerUserId))
              .leftJoin(advisor, eq(advisor.id, clients.advisorUserId))
          : ids
      )
        .where(listWhere(tx, filters))
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset);
      return runPrepared(
        selectRows(tx)
          .where(inArray(clients.id, pageIds))
          .orderBy(...order),
      );
    },

    async count(filters: ClientListFilters, tx = db): Promise<number> {
      const [row] = await runPrepared(tx.select({ n: count() }).from(clients).where(listWhere(tx, filters)));
      return row?.n ?? 0;
    },

    /** The services of these clients, for the chips: one query for a whole page. */
    async findServices(clientIds: number[], scope: ClientScope, tx = db) {
      if (clientIds.length === 0) return [];
      return tx
        .select({
          clientId: clientServices.clientId,
          id: services.id,
          displayName: services.displayName,
          color: services.color,
        })
        .from(clientServices)
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .where(
          and(inArray(clientServices.clientId, clientIds), clientScopeCondition(tx, scope, clientServices.clientId)),
        )
        .orderBy(asc(services.id));
    },

    /** `document/clients/all`: every visible client, optionally filtered by name. */
    findAll(filters: { text?: string; scope: ClientScope }, tx = db) {
      return selectRows(tx)
        .where(
          and(
            clientScopeCondition(tx, filters.scope),
            filters.text ? containsIgnoreCase(clients.name, filters.text) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
    },

    async findDetails(id: number, scope: ClientScope, tx = db) {
      const [row] = await tx
        .select({
          ...rowColumns,
          firstName: clients.firstName,
          lastName: clients.lastName,
          tradeName: clients.tradeName,
          website: clients.website,
          birthDateEncrypted: clients.birthDateEncrypted,
          maritalStatus: clients.maritalStatus,
          addressLine1: clients.addressLine1,
          addressLine2: clients.addressLine2,
          city: clients.city,
          stateId: clients.stateId,
          stateName: states.name,
          zipCode: clients.zipCode,
        })
        .from(clients)
        .innerJoin(owner, eq(owner.id, clients.ownerUserId))
        .leftJoin(advisor, eq(advisor.id, clients.advisorUserId))
        .leftJoin(states, eq(states.id, clients.stateId))
        .where(and(eq(clients.id, id), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    async findCollaborators(clientId: number, scope: ClientScope, tx = db) {
      const inScope = clientScopeCondition(tx, scope, clientCollaborators.clientId);
      const people = await tx
        .select({
          id: clientCollaborators.userId,
          fullName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
          isActive: clientCollaborators.isActive,
        })
        .from(clientCollaborators)
        .innerJoin(users, eq(users.id, clientCollaborators.userId))
        .where(and(eq(clientCollaborators.clientId, clientId), inScope))
        .orderBy(asc(clientCollaborators.createdAt), asc(clientCollaborators.userId));
      const granted = await tx
        .select({ userId: clientCollaboratorServices.userId, id: services.id, displayName: services.displayName })
        .from(clientCollaboratorServices)
        .innerJoin(services, eq(services.id, clientCollaboratorServices.serviceId))
        .where(and(eq(clientCollaboratorServices.clientId, clientId), inScope))
        .orderBy(asc(services.id));
      return people.map((person) => ({
        ...person,
        services: granted.filter((s) => s.userId === person.id).map(({ id, displayName }) => ({ id, displayName })),
      }));
    },

    async findSpouse(clientId: number, scope: ClientScope, tx = db) {
      const [row] = await tx
        .select({
          firstName: clientSpouses.firstName,
          lastName: clientSpouses.lastName,
          ssnEncrypted: clientSpouses.ssnEncrypted,
          phoneNumber: clientSpouses.phoneNumber,
        })
        .from(clientSpouses)
        .where(and(eq(clientSpouses.clientId, clientId), clientScopeCondition(tx, scope, clientSpouses.clientId)))
        .limit(1);
      return row ?? null;
    },

    async exists(id: number, scope: ClientScope, tx = db): Promise<{ id: number; name: string } | null> {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(eq(clients.id, id), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    /** @unscoped a new client: the route demands client:create, so the caller may create any client */
    async insert(
      values: {
        clientType: number;
        name: string;
        firstName: string | null;
        lastName: string | null;
        ownerUserId: number;
        advisorUserId: number | null;
      },
      tx = db,
    ): Promise<number> {
      const [row] = await tx.insert(clients).values(values).returning({ id: clients.id });
      return row!.id;
    },

    /**
     * Locks the client's row when it is in scope and refuses a stale If-Match (412, lib/row-version.ts);
     * false when there is no such client in scope.
     */
    async lockVersion(id: number, scope: ClientScope, expected: string[] | null, tx: DbOrTx): Promise<boolean> {
      const version = await lockCurrentVersion(tx, {
        table: clients,
        where: and(eq(clients.id, id), clientScopeCondition(tx, scope))!,
        expected,
        objectType: 'client',
        objectId: id,
      });
      return version !== null;
    },

    async setActive(id: number, isActive: boolean, scope: ClientScope, tx = db): Promise<boolean> {
      const changed = await tx
        .update(clients)
        .set({ isActive, updatedAt: sql`now()` })
        .where(and(eq(clients.id, id), clientScopeCondition(tx, scope)))
        .returning({ id: clients.id });
      return changed.length > 0;
    },

    /** Services, collaborators, spouse and picture go with it (ON DELETE CASCADE). */
    async delete(id: number, scope: ClientScope, tx = db): Promise<boolean> {
      const deleted = await tx
        .delete(clients)
        .where(and(eq(clients.id, id), clientScopeCondition(tx, scope)))
        .returning({ id: clients.id });
      return deleted.length > 0;
    },

    /** Active client-role users whose name or e-mail contains `text`: the owner/collaborator remote search. */
    findClientUsers(text: string, limit: number, tx = db) {
      const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
      return tx
        .select({ id: users.id, fullName, emailAddress: users.emailAddress })
        .from(users)
        .where(
          and(
            eq(users.isActive, true),
            holdsRole(tx, ROLE_NAME.client),
            or(containsIgnoreCase(fullName, text), containsIgnoreCase(users.emailAddress, text)),
          ),
        )
        .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
        .limit(limit);
    },

    /** A client-role user (the owner of a new client) with their advisor. */
    async findClientUser(userId: number, tx = db) {
      const [row] = await tx
        .select({ id: users.id, advisorUserId: users.advisorUserId, isActive: users.isActive })
        .from(users)
        .where(and(eq(users.id, userId), holdsRole(tx, ROLE_NAME.client)))
        .limit(1);
      return row ?? null;
    },

    async isActiveAdvisor(userId: number, tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true), holdsRole(tx, ROLE_NAME.advisor)))
        .limit(1);
      return Boolean(row);
    },

    async findRoleId(roleName: string, tx = db): Promise<number | null> {
      const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName)).limit(1);
      return row?.id ?? null;
    },

    /** The lowest-id service of the user's department (an employee's default filter), if any. */
    async findDepartmentDefaultServiceId(userId: number, tx = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: services.id })
        .from(users)
        .innerJoin(services, eq(services.departmentId, users.departmentId))
        .where(eq(users.id, userId))
        .orderBy(asc(services.id))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

function holdsRole(tx: DbOrTx, roleName: string): SQL {
  return exists(
    tx
      .select({ one: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, users.id), eq(roles.name, roleName))),
  );
}
