import {
  CLIENT_TYPE,
  MARITAL_STATUS,
  formatAddress,
  maskSsn,
  maskTin,
  type AccountCollaborator,
  type CollaboratorClientItem,
  type MyClientDetails,
  type OwnerClientItem,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { AccountHolderScope } from './client-scope.js';

type CollaboratorRow = Awaited<ReturnType<AccountsRepository['findCollaborators']>>[number];

const person = (id: number | null, fullName: string | null) => (id === null ? null : { id, fullName: fullName ?? '' });

/** Empty text is "no value" for the panel, which shows a dash. */
const orNull = (value: string | null | undefined) => (value && value.trim() ? value : null);

/** Birth dates show only their year (DESIGN.md section 4): '**.**.YYYY'. */
function maskBirthDate(plain: string | null): string | null {
  const year = plain ? /\d{4}/.exec(plain)?.[0] : undefined;
  return year ? `**.**.${year}` : null;
}

function groupCollaborators(rows: CollaboratorRow[]) {
  const byClient = new Map<number, AccountCollaborator[]>();
  for (const row of rows) {
    const list = byClient.get(row.clientId) ?? [];
    list.push({
      userId: row.userId,
      version: row.version,
      fullName: row.fullName,
      isActive: row.isActive,
      services: row.services,
    });
    byClient.set(row.clientId, list);
  }
  return byClient;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Spec 02 sections 3 and 4. Everything is scoped to the caller: a client they neither own nor
 * actively collaborate on answers 404, as does an owner-only action on a client they only collaborate on.
 */
export function createAccountsService(deps: {
  db: Db;
  accounts: AccountsRepository;
  fieldCrypto: FieldCrypto;
  audit: AuditLog;
}) {
  const { db, accounts, fieldCrypto, audit } = deps;
  const decrypt = (stored: string | null) => (stored ? fieldCrypto.decrypt(stored) : null);

  async function requireOwner(scope: AccountHolderScope, clientId: number) {
    if (!(await accounts.isOwner(clientId, scope))) throw new NotFoundError('Client not found.');
  }

  async function setCollaboratorActive(
    owner: AccountHolderScope,
    clientId: number,
    collaboratorUserId: number,
    isActive: boolean,
    context: RequestContext,
    expected: string[] | null,
  ): Promise<void> {
    await requireOwner(owner, clientId);
    await db.transaction(async (tx) => {
      await accounts.lockCollaboratorVersion(clientId, collaboratorUserId, expected, tx);
      const found = await accounts.setCollaboratorActive(clientId, collaboratorUserId, isActive, owner, tx);
      if (!found) throw new NotFoundError('Collaborator not found.');
      // Their sessions stop acting for the client now, and do not again when it is reactivated.
      if (!isActive) await accounts.clearCurrentClient(collaboratorUserId, clientId, tx);
      await audit.record(
        context,
        {
          action: isActive ? AUDIT_ACTION.collaboratorActivated : AUDIT_ACTION.collaboratorDeactivated,
          actorUserId: owner.userId,
          objectType: 'user',
          objectId: collaboratorUserId,
          clientId,
        },
        tx,
      );
    });
  }

  return {
    async owned(scope: AccountHolderScope): Promise<OwnerClientItem[]> {
      const rows = await accounts.findOwned(scope);
      const collaborators = groupCollaborators(
        await accounts.findCollaborators(
          rows.map((row) => row.id),
          scope,
        ),
      );
      return rows.map((row) => ({
        id: row.id,
        clientType: row.clientType,
        fullName: row.name,
        maskedSocialSecurityNumber: row.clientType === CLIENT_TYPE.personal ? maskSsn(decrypt(row.ssnEncrypted)) : null,
        maskedTaxpayerIdentificationNumber:
          row.clientType === CLIENT_TYPE.business ? maskTin(decrypt(row.tinEncrypted)) : null,
        advisor: person(row.advisorId, row.advisorFullName),
        collaborators: collaborators.get(row.id) ?? [],
      }));
    },

    async collaborating(scope: AccountHolderScope): Promise<CollaboratorClientItem[]> {
      const rows = await accounts.findCollaborating(scope);
      const granted = await accounts.findGrantedServices(
        rows.map((row) => row.id),
        scope,
      );
      return rows.map((row) => ({
        id: row.id,
        fullName: row.name,
        clientType: row.clientType,
        owner: { id: row.ownerId, fullName: row.ownerFullName },
        services: granted.filter((service) => service.clientId === row.id).map((service) => service.displayName),
      }));
    },

    async details(scope: AccountHolderScope, clientId: number): Promise<MyClientDetails> {
      const row = await accounts.findDetails(clientId, scope);
      if (!row) throw new NotFoundError('Client not found.');
      const { client } = row;
      const isPersonal = client.clientType === CLIENT_TYPE.personal;
      const [services, collaboratorRows, spouseRow] = await Promise.all([
        accounts.findClientServices(clientId, scope),
        accounts.findCollaborators([clientId], scope),
        isPersonal && client.maritalStatus === MARITAL_STATUS.married ? accounts.findSpouse(clientId, scope) : null,
      ]);
      const spouse = spouseRow?.spouse;
      return {
        id: client.id,
        clientType: client.clientType,
        fullName: client.name,
        tradeName: isPersonal ? null : orNull(client.tradeName),
        maskedTaxpayerIdentificationNumber: isPersonal ? null : maskTin(decrypt(client.tinEncrypted)),
        website: isPersonal ? null : orNull(client.website),
        maskedSocialSecurityNumber: isPersonal ? maskSsn(decrypt(client.ssnEncrypted)) : null,
        maskedBirthDate: isPersonal ? maskBirthDate(decrypt(client.birthDateEncrypted)) : null,
        emailAddress: orNull(client.emailAddress),
        phoneNumber: orNull(client.phoneNumber),
        address: formatAddress({ ...client, state: row.stateName }),
        services,
        owner: { id: row.ownerId, fullName: row.ownerFullName },
        advisor: person(row.advisorId, row.advisorFullName),
        collaborators: groupCollaborators(collaboratorRows).get(clientId) ?? [],
        maritalStatus: isPersonal ? client.maritalStatus : null,
        spouse: spouse
          ? {
              fullName: `${spouse.firstName} ${spouse.lastName}`.trim(),
              maskedSocialSecurityNumber: maskSsn(decrypt(spouse.ssnEncrypted)),
              maskedBirthDate: maskBirthDate(decrypt(spouse.birthDateEncrypted)),
              phoneNumber: orNull(spouse.phoneNumber),
              address: formatAddress({ ...spouse, state: spouseRow.stateName }),
            }
          : null,
      };
    },

    activateCollaborator: (
      owner: AccountHolderScope,
      clientId: number,
      userId: number,
      context: RequestContext,
      expected: string[] | null = null,
    ) => setCollaboratorActive(owner, clientId, userId, true, context, expected),

    deactivateCollaborator: (
      owner: AccountHolderScope,
      clientId: number,
      userId: number,
      context: RequestContext,
      expected: string[] | null = null,
    ) => setCollaboratorActive(owner, clientId, userId, false, context, expected),

    /**
     * A collaborator leaves a client. Only an active collaboration can be left: a deactivated
     * collaborator has lost the client already and must not learn it still exists.
     */
    async leave(scope: AccountHolderScope, clientId: number, context: RequestContext): Promise<void> {
      const rows = await accounts.findCollaborating(scope);
      if (!rows.some((row) => row.id === clientId)) throw new NotFoundError('Client not found.');
      const userId = scope.userId;
      await db.transaction(async (tx) => {
        await accounts.deleteCollaboration(clientId, scope, tx);
        await accounts.clearCurrentClient(userId, clientId, tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.collaborationLeft,
            actorUserId: userId,
            objectType: 'client',
            objectId: clientId,
            clientId,
          },
          tx,
        );
      });
    },
  };
}
