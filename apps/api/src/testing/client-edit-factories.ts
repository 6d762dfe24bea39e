import { eq } from 'drizzle-orm';
import { CLIENT_TYPE, ROLE_NAME, type ClientType } from '@ledgerport/shared';
import type { Db } from '../db/client.js';
import {
  clientCollaboratorServices,
  clientCollaborators,
  clientProfilePictures,
  clientServices,
  roles,
  services,
  userRoles,
  users,
} from '../db/schema/index.js';
import { createFieldCrypto, type FieldCrypto } from '../lib/field-crypto.js';
import { createClient, createUser } from './factories.js';

/** The app's field crypto, from the test app's configured key. */
export function testFieldCrypto(encryptionKey: string): FieldCrypto {
  return createFieldCrypto(Buffer.from(encryptionKey, 'base64url'));
}

/** The seeded services, by name (tax, payroll, bookkeeping, ...). */
export async function serviceIdsByName(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ id: services.id, name: services.name }).from(services);
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/** The id of one active advisor of the demo firm. */
export async function anAdvisorId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, ROLE_NAME.advisor))
    .limit(1);
  if (!row) throw new Error('No advisor seeded.');
  return row.id;
}

/**
 * A client to edit, with an owner (a new client user unless given), services and collaborators
 * holding the given grants (all the client's services unless listed).
 */
export async function createEditableClient(
  db: Db,
  options: {
    clientType?: ClientType;
    ownerUserId?: number;
    serviceIds?: number[];
    collaborators?: { userId: number; services?: number[] }[];
  } = {},
) {
  const ownerUserId = options.ownerUserId ?? (await createUser(db, { role: 'client' })).id;
  const clientType = options.clientType ?? CLIENT_TYPE.business;
  const client = await createClient(db, { ownerUserId, clientType });
  const serviceIds = options.serviceIds ?? [];
  if (serviceIds.length > 0) {
    await db.insert(clientServices).values(serviceIds.map((serviceId) => ({ clientId: client.id, serviceId })));
  }
  for (const collaborator of options.collaborators ?? []) {
    await db.insert(clientCollaborators).values({ clientId: client.id, userId: collaborator.userId });
    const grants = collaborator.services ?? serviceIds;
    if (grants.length > 0) {
      await db
        .insert(clientCollaboratorServices)
        .values(grants.map((serviceId) => ({ clientId: client.id, userId: collaborator.userId, serviceId })));
    }
  }
  return { ...client, ownerUserId };
}

/** A multipart form from a flat map; arrays become repeated fields. */
export function clientEditForm(
  fields: Record<string, string | string[]>,
  picture?: { data: Buffer; fileName?: string; type?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  if (picture) {
    form.append(
      'profilePicture',
      new Blob([new Uint8Array(picture.data)], { type: picture.type ?? 'image/png' }),
      picture.fileName ?? 'client.png',
    );
  }
  return form;
}

/** Stores a picture for a client directly, for tests about reading pictures. */
export async function setClientPicture(db: Db, clientId: number, data: Buffer): Promise<void> {
  const picture = { contentType: 'image/png', data };
  await db
    .insert(clientProfilePictures)
    .values({ clientId, ...picture })
    .onConflictDoUpdate({ target: clientProfilePictures.clientId, set: picture });
}

/** A complete, valid business edit form for `client`, with overrides. */
export async function validBusinessForm(
  db: Db,
  client: { id: number; ownerUserId: number },
  overrides: Record<string, string | string[]> = {},
): Promise<Record<string, string | string[]>> {
  const ids = await serviceIdsByName(db);
  return {
    id: String(client.id),
    name: 'Edited Ventures LLC',
    emailAddress: 'office@edited.example',
    advisorUserId: String(await anAdvisorId(db)),
    ownerUserId: String(client.ownerUserId),
    services: [String(ids.tax)],
    ...overrides,
  };
}
