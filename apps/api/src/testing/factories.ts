import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CLIENT_TYPE, type ClientType, type RoleName } from '@ledgerport/shared';
import type { Db } from '../db/client.js';
import {
  clientCollaborators,
  clients,
  lastChosenClients,
  roles,
  sessions,
  userRoles,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

/** Test data with defaults; each call overrides only what its test is about. Roles must be seeded. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: RoleName; password?: string } = {},
) {
  const { role = 'client', password = 'Secret1', ...columns } = overrides;
  const unique = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User ${unique}`,
      username: `user_${unique}`,
      emailAddress: `user_${unique}@example.com`,
      passwordHash: await hashPassword(password),
      ...columns,
    })
    .returning();
  const [roleRow] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  if (!roleRow) throw new Error(`Role ${role} is not seeded.`);
  await db.insert(userRoles).values({ userId: user!.id, roleId: roleRow.id });
  return { ...user!, password };
}

export async function createClient(
  db: Db,
  overrides: {
    ownerUserId: number;
    clientType?: ClientType;
    name?: string;
    collaboratorUserIds?: number[];
    isActive?: boolean;
  },
) {
  const [client] = await db
    .insert(clients)
    .values({
      clientType: overrides.clientType ?? CLIENT_TYPE.business,
      name: overrides.name ?? `Client ${randomBytes(3).toString('hex')}`,
      ownerUserId: overrides.ownerUserId,
      isActive: overrides.isActive ?? true,
    })
    .returning();
  for (const userId of overrides.collaboratorUserIds ?? []) {
    await db.insert(clientCollaborators).values({ clientId: client!.id, userId });
  }
  return client!;
}

/**
 * Makes `clientId` the user's current account as if they had chosen it everywhere: their next
 * sign-in starts on it and every session they already have acts for it (ADR 0014). A test about
 * one session choosing calls PUT document/users/me/clients/current instead.
 */
export async function chooseCurrentClient(db: Db, userId: number, clientId: number | null): Promise<void> {
  await db
    .insert(lastChosenClients)
    .values({ userId, clientId })
    .onConflictDoUpdate({ target: lastChosenClients.userId, set: { clientId } });
  await db.update(sessions).set({ currentClientId: clientId }).where(eq(sessions.userId, userId));
}
