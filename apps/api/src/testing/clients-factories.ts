import { randomBytes } from 'node:crypto';
import { CLIENT_TYPE, type ClientType } from '@ledgerport/shared';
import type { Db } from '../db/client.js';
import { clientCollaborators, clientServices, clientSpouses, clients } from '../db/schema/index.js';
import { createFieldCrypto, digitsOnly, type FieldCrypto } from '../lib/field-crypto.js';
import type { TestApp } from './test-app.js';

/** The test app's own field encryption, so seeded SSN/TIN are readable and searchable by the API. */
export function fieldCryptoOf(t: Pick<TestApp, 'config'>): FieldCrypto {
  return createFieldCrypto(Buffer.from(t.config.encryptionKey!, 'base64url'));
}

/** A client with the list's columns filled in; sensitive fields encrypted the way the API stores them. */
export async function createListedClient(
  t: Pick<TestApp, 'config'> & { database: { db: Db } },
  overrides: {
    ownerUserId: number;
    clientType?: ClientType;
    name?: string;
    firstName?: string;
    lastName?: string;
    isActive?: boolean;
    advisorUserId?: number | null;
    emailAddress?: string | null;
    phoneNumber?: string | null;
    city?: string | null;
    stateId?: number | null;
    tin?: string;
    ssn?: string;
    birthDate?: string;
    serviceIds?: number[];
    collaboratorUserIds?: number[];
    spouse?: { firstName: string; lastName: string; ssn?: string };
  },
) {
  const db = t.database.db;
  const crypto = fieldCryptoOf(t);
  const unique = randomBytes(3).toString('hex');
  const clientType = overrides.clientType ?? CLIENT_TYPE.business;
  const personalName =
    overrides.firstName && overrides.lastName ? `${overrides.firstName} ${overrides.lastName}` : undefined;
  const [client] = await db
    .insert(clients)
    .values({
      clientType,
      name: overrides.name ?? personalName ?? `Client ${unique}`,
      firstName: overrides.firstName ?? null,
      lastName: overrides.lastName ?? null,
      ownerUserId: overrides.ownerUserId,
      advisorUserId: overrides.advisorUserId ?? null,
      isActive: overrides.isActive ?? true,
      emailAddress: overrides.emailAddress === undefined ? `client_${unique}@example.com` : overrides.emailAddress,
      phoneNumber: overrides.phoneNumber ?? null,
      city: overrides.city ?? null,
      stateId: overrides.stateId ?? null,
      tinEncrypted: overrides.tin ? crypto.encrypt(overrides.tin) : null,
      tinIndex: overrides.tin ? crypto.blindIndex(digitsOnly(overrides.tin)) : null,
      ssnEncrypted: overrides.ssn ? crypto.encrypt(overrides.ssn) : null,
      ssnIndex: overrides.ssn ? crypto.blindIndex(digitsOnly(overrides.ssn)) : null,
      birthDateEncrypted: overrides.birthDate ? crypto.encrypt(overrides.birthDate) : null,
    })
    .returning();
  for (const serviceId of overrides.serviceIds ?? []) {
    await db.insert(clientServices).values({ clientId: client!.id, serviceId });
  }
  for (const userId of overrides.collaboratorUserIds ?? []) {
    await db.insert(clientCollaborators).values({ clientId: client!.id, userId });
  }
  if (overrides.spouse) {
    await db.insert(clientSpouses).values({
      clientId: client!.id,
      firstName: overrides.spouse.firstName,
      lastName: overrides.spouse.lastName,
      ssnEncrypted: overrides.spouse.ssn ? crypto.encrypt(overrides.spouse.ssn) : null,
    });
  }
  return client!;
}
