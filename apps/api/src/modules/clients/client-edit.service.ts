import {
  CLIENT_TYPE,
  ERROR_CODE,
  MARITAL_STATUS,
  ROLE_NAME,
  type ClientEditDto,
  type ClientType,
  type EditBusinessClientInput,
  type EditPersonalClientInput,
  type ProfilePictureQuery,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { digitsOnly, type FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf, type ClientScope } from './client-scope.js';
// Generic picture handling shared with the user's profile picture: checked on content, re-encoded, resized.
import { normalisePicture, resizePicture, type PictureAnswer } from '../profile/index.js';
import type { UsersRepository } from '../users/index.js';
import type { ClientEditUpdate } from './client-edit.multipart.js';
import type { ClientEditRepository, ClientRow, ClientRowUpdate } from './client-edit.repository.js';

export type ClientEditService = ReturnType<typeof createClientEditService>;

type Address = EditBusinessClientInput['address'];

function invalid(details: { field: string; message: string }[]): BadRequestError {
  return new BadRequestError(
    'The request is not valid.',
    ERROR_CODE.validation,
    details.map((detail) => ({ in: 'body', ...detail })),
  );
}

const addressColumns = (address: Address) => ({
  addressLine1: address.addressLine1,
  addressLine2: address.addressLine2,
  city: address.city,
  stateId: address.stateId,
  zipCode: address.zipCode,
});

const addressDto = (row: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateId: number | null;
  zipCode: string | null;
}) => ({
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  stateId: row.stateId === null ? null : String(row.stateId),
  zipCode: row.zipCode,
});

/**
 * The collaborators' grants after a services change (spec 02 section 4): a dropped service leaves
 * every collaborator, an added one joins every collaborator, and a new collaborator gets all of the
 * client's services. Otherwise each keeps the grants the form sent, within the client's services.
 */
export function collaboratorGrants(
  previous: { services: number[]; collaboratorIds: number[] },
  next: { services: number[]; collaborators: { collaboratorUserId: number; services: number[] }[] },
): { userId: number; services: number[] }[] {
  const clientServices = new Set(next.services);
  const added = next.services.filter((id) => !previous.services.includes(id));
  const existing = new Set(previous.collaboratorIds);
  return next.collaborators.map(({ collaboratorUserId, services }) => {
    const granted = existing.has(collaboratorUserId)
      ? new Set([...services.filter((id) => clientServices.has(id)), ...added])
      : clientServices;
    return { userId: collaboratorUserId, services: [...granted].sort((a, b) => a - b) };
  });
}

export function createClientEditService(deps: {
  db: Db;
  clients: ClientEditRepository;
  users: UsersRepository;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
}) {
  const { db, clients, users, audit, fieldCrypto } = deps;
  const decrypt = (value: string | null) => (value === null ? null : fieldCrypto.decrypt(value));
  const encrypt = (value: string | null) => (value === null ? null : fieldCrypto.encrypt(value));
  const index = (value: string | null) => (value === null ? null : fieldCrypto.blindIndex(digitsOnly(value)));

  /** The client of this id and type; another type's id is as unknown as a missing one. */
  async function findOfType(
    id: number,
    clientType: ClientType,
    scope: ClientScope,
    tx: DbOrTx = db,
  ): Promise<ClientRow> {
    const row = await clients.findById(id, scope, tx);
    if (!row || row.clientType !== clientType) throw new NotFoundError('No such client.');
    return row;
  }

  async function toDto(row: ClientRow, tx: DbOrTx = db): Promise<ClientEditDto> {
    const [services, collaborators, spouse, hasProfilePicture, ownerUser] = await Promise.all([
      clients.serviceIds(row.id, tx),
      clients.collaborators(row.id, tx),
      row.clientType === CLIENT_TYPE.personal ? clients.findSpouse(row.id, tx) : Promise.resolve(null),
      clients.hasPicture(row.id, tx),
      clients.userFullName(row.ownerUserId, tx),
    ]);
    return {
      id: row.id,
      version: row.version,
      clientType: row.clientType,
      isActive: row.isActive,
      name: row.name,
      firstName: row.firstName,
      lastName: row.lastName,
      tradeName: row.tradeName,
      website: row.website,
      taxpayerIdentificationNumber: decrypt(row.tinEncrypted),
      socialSecurityNumber: decrypt(row.ssnEncrypted),
      birthDate: decrypt(row.birthDateEncrypted),
      maritalStatus: row.maritalStatus,
      emailAddress: row.emailAddress,
      phoneNumber: row.phoneNumber,
      advisorUserId: row.advisorUserId,
      ownerUserId: row.ownerUserId,
      ownerUser,
      hasProfilePicture,
      address: addressDto(row),
      services,
      collaborators: collaborators.map((collaborator) => ({
        collaboratorUserId: collaborator.userId,
        collaboratorUser: collaborator.fullName,
        isActive: collaborator.isActive,
        services: collaborator.services,
      })),
      spouseInfo: spouse && {
        firstName: spouse.firstName,
        lastName: spouse.lastName,
        socialSecurityNumber: decrypt(spouse.ssnEncrypted),
        birthDate: decrypt(spouse.birthDateEncrypted),
        phoneNumber: spouse.phoneNumber,
        address: addressDto(spouse),
      },
    };
  }

  /** The references the form names must be what they claim to be: 400 naming the field otherwise. */
  async function checkReferences(fields: EditBusinessClientInput | EditPersonalClientInput, tx: DbOrTx): Promise<void> {
    const problems: { field: string; message: string }[] = [];
    if (!(await users.holdsRole(fields.advisorUserId, ROLE_NAME.advisor, { activeOnly: true }, tx))) {
      problems.push({ field: 'advisorUserId', message: 'Not an active advisor.' });
    }
    if (!(await users.holdsRole(fields.ownerUserId, ROLE_NAME.client, { activeOnly: false }, tx))) {
      problems.push({ field: 'ownerUserId', message: 'Not a client user.' });
    }
    const seen = new Set<number>();
    for (const [position, { collaboratorUserId }] of fields.collaborators.entries()) {
      const field = `collaborators.${position}.collaboratorUserId`;
      if (collaboratorUserId === fields.ownerUserId) {
        problems.push({ field, message: 'The owner cannot also be a collaborator.' });
      } else if (seen.has(collaboratorUserId)) {
        problems.push({ field, message: 'Listed twice.' });
      } else if (!(await users.holdsRole(collaboratorUserId, ROLE_NAME.client, { activeOnly: false }, tx))) {
        problems.push({ field, message: 'Not a client user.' });
      }
      seen.add(collaboratorUserId);
    }
    const known = await clients.existingServiceIds(fields.services, tx);
    fields.services.forEach((id, position) => {
      if (!known.has(id)) problems.push({ field: `services.${position}`, message: 'No such service.' });
    });
    const stateIds = [fields.address.stateId];
    if ('spouseInfo' in fields && fields.spouseInfo) stateIds.push(fields.spouseInfo.address.stateId);
    for (const [position, stateId] of stateIds.entries()) {
      if (stateId !== null && !(await clients.stateExists(stateId, tx))) {
        problems.push({
          field: position === 0 ? 'address.stateId' : 'spouseInfo.address.stateId',
          message: 'No such state.',
        });
      }
    }
    if (problems.length > 0) throw invalid(problems);
  }

  function typeColumns(fields: EditBusinessClientInput | EditPersonalClientInput): ClientRowUpdate {
    const common = {
      emailAddress: fields.emailAddress,
      phoneNumber: fields.phoneNumber,
      advisorUserId: fields.advisorUserId,
      ownerUserId: fields.ownerUserId,
      ...addressColumns(fields.address),
    };
    if ('name' in fields) {
      return {
        ...common,
        name: fields.name,
        tradeName: fields.tradeName,
        website: fields.website,
        tinEncrypted: encrypt(fields.taxpayerIdentificationNumber),
        tinIndex: index(fields.taxpayerIdentificationNumber),
      };
    }
    return {
      ...common,
      // One name column sorts and searches both kinds of client.
      name: `${fields.firstName} ${fields.lastName}`,
      firstName: fields.firstName,
      lastName: fields.lastName,
      ssnEncrypted: encrypt(fields.socialSecurityNumber),
      ssnIndex: index(fields.socialSecurityNumber),
      birthDateEncrypted: encrypt(fields.birthDate),
      maritalStatus: fields.maritalStatus,
    };
  }

  return {
    /** The edit form with the full sensitive values: each read is an audited reveal (DESIGN.md section 4). */
    async getForEdit(
      principal: Principal,
      id: number,
      clientType: ClientType,
      context: RequestContext,
    ): Promise<ClientEditDto> {
      const row = await findOfType(id, clientType, clientScopeOf(principal));
      const dto = await toDto(row);
      await audit.record(context, {
        action: AUDIT_ACTION.clientSensitiveRevealed,
        actorUserId: principal.userId,
        objectType: 'client',
        objectId: id,
        clientId: id,
      });
      return dto;
    },

    async update(
      principal: Principal,
      id: number,
      clientType: ClientType,
      { fields, picture }: ClientEditUpdate,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<ClientEditDto> {
      if (fields.id !== undefined && fields.id !== null && fields.id !== id) {
        throw invalid([{ field: 'id', message: 'Does not match the path.' }]);
      }
      const scope = clientScopeOf(principal);
      // Out of scope answers 404 before any image work is spent on the request.
      await findOfType(id, clientType, scope);
      // Decoded before the transaction: image work must not hold a database connection.
      const normalised = picture ? await normalisePicture(picture) : null;
      const updated = await db.transaction(async (tx) => {
        const row = await findOfType(id, clientType, scope, tx);
        const clientId = row.id;
        await clients.lockVersion(clientId, expected, tx);
        await checkReferences(fields, tx);
        const previous = {
          services: await clients.serviceIds(clientId, tx),
          collaboratorIds: (await clients.collaborators(clientId, tx)).map((collaborator) => collaborator.userId),
        };
        const usesBookkeeping = await clients.includesBookkeeping(fields.services, tx);
        await clients.update(
          clientId,
          {
            ...typeColumns(fields),
            // Never cleared: the client keeps its bookkeeping history (spec 01 section 2.2).
            usedBookkeepingServiceAtLeastOnce: row.usedBookkeepingServiceAtLeastOnce || usesBookkeeping,
          },
          tx,
        );
        await clients.replaceServices(clientId, fields.services, tx);
        await clients.replaceCollaborators(clientId, collaboratorGrants(previous, fields), tx);
        if ('maritalStatus' in fields) {
          const spouse = fields.maritalStatus === MARITAL_STATUS.married ? fields.spouseInfo : null;
          if (spouse && spouse.firstName && spouse.lastName) {
            await clients.upsertSpouse(
              clientId,
              {
                firstName: spouse.firstName,
                lastName: spouse.lastName,
                ssnEncrypted: encrypt(spouse.socialSecurityNumber),
                birthDateEncrypted: encrypt(spouse.birthDate),
                phoneNumber: spouse.phoneNumber,
                ...addressColumns(spouse.address),
              },
              tx,
            );
          } else {
            await clients.deleteSpouse(clientId, tx);
          }
        }
        if (normalised) await clients.upsertPicture(clientId, normalised, tx);
        else if (fields.isProfilePictureChanged) await clients.deletePicture(clientId, tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.clientUpdated,
            actorUserId: principal.userId,
            objectType: 'client',
            objectId: id,
            clientId: id,
          },
          tx,
        );
        return (await clients.findById(id, scope, tx))!;
      });
      // The answer repeats what the caller just sent; it is not a reveal.
      return toDto(updated);
    },

    /** A client's picture: staff see any client's; a client user only a client they may see, else 404. */
    async getPicture(
      principal: Principal,
      clientId: number,
      size: ProfilePictureQuery,
      ifNoneMatch: string | undefined,
    ): Promise<PictureAnswer> {
      const client = await clients.findById(clientId, clientScopeOf(principal));
      if (!client) throw new NotFoundError('No profile picture.');
      const row = await clients.findPicture(client.id);
      if (!row) throw new NotFoundError('No profile picture.');
      const etag = `W/"client-${clientId}-${row.updatedAt.getTime()}-${size.width ?? ''}x${size.height ?? ''}"`;
      if (ifNoneMatch === etag) return { notModified: true, etag };
      const data = await resizePicture(row.data, row.contentType, size);
      return { notModified: false, etag, contentType: row.contentType, data };
    },
  };
}
