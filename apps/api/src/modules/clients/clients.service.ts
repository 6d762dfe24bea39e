import { PassThrough, type Readable } from 'node:stream';
import { z } from 'zod';
import {
  CLIENT_SORT_KEYS,
  CLIENT_TYPE,
  CLIENT_USER_OPTIONS_LIMIT,
  ERROR_CODE,
  REMOTE_SEARCH_MIN_CHARS,
  ROLE_NAME,
  maskSsn,
  maskTin,
  type ClientDefaultFiltersDto,
  type ClientDetailsPanelDto,
  type ClientListItemDto,
  type ClientSummaryDto,
  type CreateClientInput,
  type CreatedClientDto,
  type DropdownOption,
  type ExportClientsQuery,
  type ListClientsQuery,
  type Paged,
  type SendClientEmailInput,
  type SendClientEmailResult,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { digitsOnly, type FieldCrypto } from '../../lib/field-crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf } from './client-scope.js';
import { exportBatches } from '../../lib/export-batches.js';
import type { MailService } from '../mail/index.js';
import { insertWithDerivedUsername, type UsersRepository } from '../users/index.js';
import { emailBodyText, sanitizeEmailBody } from './clients.email.js';
import { clientsExportFileName, writeClientsWorkbook } from './clients.export.js';
import type { ClientListFilters, ClientListSort, ClientsRepository } from './clients.repository.js';

/** Rows per round trip while streaming an export or queuing the bulk e-mail. */
export const CLIENT_BATCH_SIZE = 500;

type ClientRow = Awaited<ReturnType<ClientsRepository['findPage']>>[number];

const SORT_KEY = new Map<string, (typeof CLIENT_SORT_KEYS)[number]>(CLIENT_SORT_KEYS.map((k) => [k.toLowerCase(), k]));
const isEmailAddress = (value: string) => z.email().safeParse(value).success;

function invalid(field: string, message: string): BadRequestError {
  return new BadRequestError('The request is not valid.', ERROR_CODE.validation, [{ in: 'body', field, message }]);
}

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type ClientsService = ReturnType<typeof createClientsService>;

export function createClientsService(deps: {
  db: Db;
  clients: ClientsRepository;
  users: UsersRepository;
  audit: AuditLog;
  mail: MailService;
  fieldCrypto: FieldCrypto;
}) {
  const { db, clients, users, audit, mail, fieldCrypto } = deps;

  const masked = (encrypted: string | null, mask: (value: string) => string | null) =>
    encrypted ? mask(fieldCrypto.decrypt(encrypted)) : null;

  /**
   * SSN and TIN are searched by exact value only, through the blind index of their digits: the
   * stored values are encrypted, and offering a partial match would mean decrypting every row (or
   * indexing fragments, which leaks the number piece by piece). So partial search is deliberately
   * not offered.
   */
  function filtersOf(query: ExportClientsQuery, caller: Principal): ClientListFilters {
    const index = (value: string | undefined) => (value ? fieldCrypto.blindIndex(digitsOnly(value)) : undefined);
    return {
      fullName: query.fullName,
      tinIndex: index(query.taxpayerIdentificationNumber),
      ssnIndex: index(query.socialSecurityNumber),
      phoneNumber: query.phoneNumber,
      city: query.city,
      stateId: query.stateId,
      serviceId: query.serviceId,
      ownerOrCollaboratorUserId: query.ownerOrCollaboratorUserId,
      advisorUserId: query.advisorUserId,
      emailAddress: query.emailAddress,
      isActive: query.isActive,
      clientType: query.clientType,
      scope: clientScopeOf(caller),
    };
  }

  const sortOf = (query: ExportClientsQuery): ClientListSort => ({
    sortedBy: query.sortedBy ? SORT_KEY.get(query.sortedBy.toLowerCase()) : undefined,
    sortedDesc: query.sortedDesc,
  });

  async function toListItems(rows: ClientRow[], filters: ClientListFilters): Promise<ClientListItemDto[]> {
    const services = await clients.findServices(
      rows.map((row) => row.id),
      filters.scope,
    );
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      clientType: row.clientType,
      name: row.name,
      isActive: row.isActive,
      phoneNumber: row.phoneNumber,
      emailAddress: row.emailAddress,
      owner: { id: row.ownerUserId, fullName: row.ownerFullName },
      advisor:
        row.advisorUserId === null || row.advisorFullName === null
          ? null
          : { id: row.advisorUserId, fullName: row.advisorFullName },
      services: services
        .filter((service) => service.clientId === row.id)
        .map(({ id, displayName, color }) => ({ id, displayName, color })),
      maskedTaxpayerIdentificationNumber: masked(row.tinEncrypted, maskTin),
      maskedSocialSecurityNumber: masked(row.ssnEncrypted, maskSsn),
    }));
  }

  /** Every matching client in list order, a batch at a time, so the whole result is never in memory. */
  function batchesOf<Item>(
    filters: ClientListFilters,
    sort: ClientListSort,
    map: (rows: ClientRow[]) => Item[] | Promise<Item[]>,
  ) {
    return exportBatches({
      batchSize: CLIENT_BATCH_SIZE,
      read: (page) => clients.findPage(filters, sort, page),
      map,
    });
  }

  const notFound = () => new NotFoundError('Client not found.');

  async function loadVisible(id: number, caller: Principal) {
    const client = await clients.exists(id, clientScopeOf(caller));
    if (!client) throw notFound();
    return client;
  }

  /** The owner: an existing active client-role user, or a new one created in the same transaction. */
  async function resolveOwner(input: CreateClientInput) {
    if (!input.newOwner) {
      const owner = await clients.findClientUser(input.ownerUserId!);
      if (!owner || !owner.isActive) throw invalid('ownerUserId', 'NOT_A_CLIENT_USER');
      return { existing: owner };
    }
    const newOwner = input.newOwner;
    if (!(await clients.isActiveAdvisor(newOwner.advisorUserId))) {
      throw invalid('newOwner.advisorUserId', 'NOT_AN_ADVISOR');
    }
    if (await users.isEmailAddressTaken(newOwner.emailAddress)) {
      throw new ConflictError(`${newOwner.emailAddress} is already taken.`, [{ field: 'newOwner.emailAddress' }]);
    }
    // Hashed before the transaction opens: argon2 is deliberately slow.
    return { create: { ...newOwner, passwordHash: await hashPassword(newOwner.password) } };
  }

  return {
    async list(query: ListClientsQuery, caller: Principal): Promise<Paged<ClientListItemDto>> {
      const filters = filtersOf(query, caller);
      const [rows, totalCount] = await Promise.all([
        clients.findPage(filters, sortOf(query), { limit: query.limit, offset: query.offset }),
        clients.count(filters),
      ]);
      return { items: await toListItems(rows, filters), totalCount };
    },

    async all(text: string | undefined, caller: Principal): Promise<ClientSummaryDto[]> {
      const rows = await clients.findAll({ text, scope: clientScopeOf(caller) });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        clientType: row.clientType,
        isActive: row.isActive,
        advisor:
          row.advisorUserId === null || row.advisorFullName === null
            ? null
            : { id: row.advisorUserId, fullName: row.advisorFullName },
      }));
    },

    async details(id: number, caller: Principal): Promise<ClientDetailsPanelDto> {
      const scope = clientScopeOf(caller);
      const row = await clients.findDetails(id, scope);
      if (!row) throw new NotFoundError('Client not found.');
      const [services, collaborators, spouse] = await Promise.all([
        clients.findServices([id], scope),
        clients.findCollaborators(id, scope),
        clients.findSpouse(id, scope),
      ]);
      const birthYear = row.birthDateEncrypted ? fieldCrypto.decrypt(row.birthDateEncrypted).match(/\d{4}/)?.[0] : null;
      return {
        id: row.id,
        clientType: row.clientType,
        name: row.name,
        fullName: row.name,
        firstName: row.firstName,
        lastName: row.lastName,
        tradeName: row.tradeName,
        website: row.website,
        isActive: row.isActive,
        emailAddress: row.emailAddress,
        phoneNumber: row.phoneNumber,
        maskedTaxpayerIdentificationNumber: masked(row.tinEncrypted, maskTin),
        maskedSocialSecurityNumber: masked(row.ssnEncrypted, maskSsn),
        // The birth date is sensitive too: the panel shows only the year (the edit form shows it whole).
        maskedBirthDate: birthYear ? `**.**.${birthYear}` : null,
        maritalStatus: row.maritalStatus,
        address: {
          addressLine1: row.addressLine1,
          addressLine2: row.addressLine2,
          city: row.city,
          state: row.stateId === null || row.stateName === null ? null : { id: row.stateId, name: row.stateName },
          zipCode: row.zipCode,
        },
        services: services.map(({ id: serviceId, displayName, color }) => ({ id: serviceId, displayName, color })),
        owner: { id: row.ownerUserId, fullName: row.ownerFullName },
        advisor:
          row.advisorUserId === null || row.advisorFullName === null
            ? null
            : { id: row.advisorUserId, fullName: row.advisorFullName },
        collaborators: collaborators.map((c) => ({
          id: c.id,
          collaboratorUser: c.fullName,
          isActive: c.isActive,
          services: c.services,
        })),
        spouse: spouse
          ? {
              firstName: spouse.firstName,
              lastName: spouse.lastName,
              maskedSocialSecurityNumber: masked(spouse.ssnEncrypted, maskSsn),
              phoneNumber: spouse.phoneNumber,
            }
          : null,
      };
    },

    async create(input: CreateClientInput, caller: Principal, context: RequestContext): Promise<CreatedClientDto> {
      const business = input.clientType === CLIENT_TYPE.business;
      const name = business ? input.name! : `${input.firstName!} ${input.lastName!}`;
      const owner = await resolveOwner(input);
      const clientRoleId = await clients.findRoleId(ROLE_NAME.client);
      if (clientRoleId === null) throw new Error('The client role is not seeded.');
      try {
        const id = await db.transaction(async (tx) => {
          let ownerUserId: number;
          let advisorUserId: number | null;
          if (owner.create) {
            const { emailAddress } = owner.create;
            ({ id: ownerUserId } = await insertWithDerivedUsername(
              users,
              {
                // A personal client's owner is the person themselves.
                firstName: business ? owner.create.firstName! : input.firstName!,
                lastName: business ? owner.create.lastName! : input.lastName!,
                emailAddress,
                phoneNumber: owner.create.phoneNumber,
                extension: null,
                advisorUserId: owner.create.advisorUserId,
                supervisorUserId: null,
                departmentId: null,
                passwordHash: owner.create.passwordHash,
                inviterUserId: caller.userId,
              },
              tx,
            ));
            await users.setRole(ownerUserId, clientRoleId, tx);
            advisorUserId = owner.create.advisorUserId;
            await audit.record(
              context,
              {
                action: AUDIT_ACTION.userCreated,
                actorUserId: caller.userId,
                objectType: 'user',
                objectId: ownerUserId,
                details: { role: ROLE_NAME.client },
              },
              tx,
            );
          } else {
            ownerUserId = owner.existing.id;
            advisorUserId = owner.existing.advisorUserId;
          }
          const clientId = await clients.insert(
            {
              clientType: input.clientType,
              name,
              firstName: business ? null : input.firstName!,
              lastName: business ? null : input.lastName!,
              ownerUserId,
              advisorUserId,
            },
            tx,
          );
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.clientCreated,
              actorUserId: caller.userId,
              objectType: 'client',
              objectId: clientId,
              clientId,
              details: { clientType: input.clientType, ownerUserId, newOwner: Boolean(owner.create) },
            },
            tx,
          );
          return clientId;
        });
        return { id, clientType: input.clientType, name };
      } catch (error) {
        // Two requests racing past the availability check meet the unique index on e-mail.
        if (owner.create && isUniqueViolation(error)) {
          throw new ConflictError(`${owner.create.emailAddress} is already taken.`, [
            { field: 'newOwner.emailAddress' },
          ]);
        }
        throw error;
      }
    },

    async clientUserOptions(text: string | undefined): Promise<DropdownOption[]> {
      // Remote search starts above 2 characters (spec 02 section 5): shorter text returns nothing.
      if (!text || text.length < REMOTE_SEARCH_MIN_CHARS) return [];
      const rows = await clients.findClientUsers(text, CLIENT_USER_OPTIONS_LIMIT);
      return rows.map((row) => ({ value: String(row.id), displayText: `${row.fullName} (${row.emailAddress})` }));
    },

    async isOwnerEmailAvailable(emailAddress: string): Promise<boolean> {
      return !(await users.isEmailAddressTaken(emailAddress));
    },

    async setActive(
      id: number,
      isActive: boolean,
      caller: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await loadVisible(id, caller);
      await db.transaction(async (tx) => {
        if (!(await clients.lockVersion(id, clientScopeOf(caller), expected, tx))) throw notFound();
        if (!(await clients.setActive(id, isActive, clientScopeOf(caller), tx))) throw notFound();
        await audit.record(
          context,
          {
            action: isActive ? AUDIT_ACTION.clientActivated : AUDIT_ACTION.clientDeactivated,
            actorUserId: caller.userId,
            objectType: 'client',
            objectId: id,
            clientId: id,
          },
          tx,
        );
      });
    },

    async delete(
      id: number,
      caller: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      const client = await loadVisible(id, caller);
      await db.transaction(async (tx) => {
        if (!(await clients.lockVersion(id, clientScopeOf(caller), expected, tx))) throw notFound();
        // Gone or out of scope since loadVisible: nothing was deleted, so nothing is recorded.
        if (!(await clients.delete(id, clientScopeOf(caller), tx))) throw notFound();
        // The client id no longer exists, so the event keeps the name instead of a foreign key.
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.clientDeleted,
            actorUserId: caller.userId,
            objectType: 'client',
            objectId: id,
            details: { name: client.name },
          },
          tx,
        );
      });
    },

    /**
     * The list's clients, same filters and order, as a streamed .xlsx. The first batch is read before
     * anything is sent, so a failing query still gets a proper error answer.
     */
    async export(
      query: ExportClientsQuery,
      caller: Principal,
      context: RequestContext,
    ): Promise<{ fileName: string; stream: Readable }> {
      const filters = filtersOf(query, caller);
      const items = await batchesOf(filters, sortOf(query), (rows) => toListItems(rows, filters));
      const { taxpayerIdentificationNumber, socialSecurityNumber, ...rest } = query;
      await audit.record(context, {
        action: AUDIT_ACTION.clientsExported,
        actorUserId: caller.userId,
        objectType: 'client',
        // The audit trail must not become a store of the numbers searched for.
        details: {
          filters: { ...rest, byTin: Boolean(taxpayerIdentificationNumber), bySsn: Boolean(socialSecurityNumber) },
        },
      });
      const stream = new PassThrough();
      writeClientsWorkbook(items, stream).catch((error: unknown) => stream.destroy(error as Error));
      return { fileName: clientsExportFileName(), stream };
    },

    /**
     * One outbox message per client of the filtered list that has an address; each message is its own
     * delivery job, so an address the mail server refuses fails alone. A malformed stored address is
     * skipped and counted with the clients that have none.
     */
    async sendEmail(
      query: ExportClientsQuery,
      input: SendClientEmailInput,
      caller: Principal,
      context: RequestContext,
    ): Promise<SendClientEmailResult> {
      const bodyHtml = sanitizeEmailBody(input.body);
      const bodyText = emailBodyText(bodyHtml);
      if (bodyText === '') throw invalid('body', 'REQUIRED');
      const filters = filtersOf(query, caller);
      const total = await clients.count(filters);
      let queued = 0;
      const batches = await batchesOf({ ...filters, withEmailAddress: true }, sortOf(query), (rows) => rows);
      for await (const batch of batches) {
        const recipients = batch.filter((row) => row.emailAddress && isEmailAddress(row.emailAddress));
        await db.transaction(async (tx) => {
          for (const row of recipients) {
            await mail.queue(
              'clientMessage',
              row.emailAddress!,
              { subject: input.subject, clientName: row.name, bodyHtml, bodyText },
              tx,
            );
          }
        });
        queued += recipients.length;
      }
      const { taxpayerIdentificationNumber, socialSecurityNumber, ...rest } = query;
      await audit.record(context, {
        action: AUDIT_ACTION.clientsEmailed,
        actorUserId: caller.userId,
        objectType: 'client',
        details: {
          subject: input.subject,
          queued,
          skipped: total - queued,
          filters: { ...rest, byTin: Boolean(taxpayerIdentificationNumber), bySsn: Boolean(socialSecurityNumber) },
        },
      });
      return { queued, skipped: total - queued };
    },

    /**
     * The ids of the filtered list's clients the caller may see, in the list's order, at most `limit`
     * (another module's bulk action over the Clients filter: requests sent to many clients).
     */
    async filteredIds(query: ExportClientsQuery, caller: Principal, limit: number): Promise<number[]> {
      const ids: number[] = [];
      const batches = await batchesOf(filtersOf(query, caller), sortOf(query), (rows) => rows.map((row) => row.id));
      for await (const batch of batches) {
        ids.push(...batch);
        if (ids.length >= limit) break;
      }
      return ids.slice(0, limit);
    },

    async defaultFilters(caller: Principal): Promise<ClientDefaultFiltersDto> {
      if (!caller.roles.includes(ROLE_NAME.employee)) return { serviceId: null };
      return { serviceId: await clients.findDepartmentDefaultServiceId(caller.userId) };
    },
  };
}
