import { and, eq, exists, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { INVITATION_STATUS, type InvitationType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaborators, clients, invitations, users } from '../../db/schema/index.js';

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

const sameEmail = (column: typeof users.emailAddress | typeof invitations.recipientEmailAddress, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/** A link that can still be used: not yet turned into an account and not past its end. */
const usable = () => and(ne(invitations.status, INVITATION_STATUS.registered), gt(invitations.expiresAt, sql`now()`));

export function createInvitationsRepository({ db }: { db: DbOrTx }) {
  const invitationColumns = {
    id: invitations.id,
    type: invitations.type,
    status: invitations.status,
    senderUserId: invitations.senderUserId,
    recipientEmailAddress: invitations.recipientEmailAddress,
    clientId: invitations.clientId,
  };

  return {
    async isRegisteredEmail(email: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(sameEmail(users.emailAddress, email)).limit(1);
      return row !== undefined;
    },

    /** Owner or collaborator (active or not) of the client, by e-mail, case-insensitive. */
    async isOwnerOrCollaborator(clientId: number, email: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sameEmail(users.emailAddress, email),
            or(
              exists(
                tx
                  .select({ one: clients.id })
                  .from(clients)
                  .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, users.id))),
              ),
              exists(
                tx
                  .select({ one: clientCollaborators.clientId })
                  .from(clientCollaborators)
                  .where(and(eq(clientCollaborators.clientId, clientId), eq(clientCollaborators.userId, users.id))),
              ),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The user's current client, if it is still an active client they own or actively collaborate on. */
    async findClientInScope(clientId: number, userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name, ownerUserId: clients.ownerUserId })
        .from(clients)
        .where(
          and(
            eq(clients.id, clientId),
            eq(clients.isActive, true),
            or(
              eq(clients.ownerUserId, userId),
              exists(
                tx
                  .select({ one: clientCollaborators.clientId })
                  .from(clientCollaborators)
                  .where(
                    and(
                      eq(clientCollaborators.clientId, clients.id),
                      eq(clientCollaborators.userId, userId),
                      eq(clientCollaborators.isActive, true),
                    ),
                  ),
              ),
            ),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Invitations from this sender to this address for this client (or none) that are not registered yet. */
    async deletePending(
      key: { senderUserId: number; clientId: number | null; recipientEmailAddress: string },
      tx: DbOrTx = db,
    ): Promise<number[]> {
      const rows = await tx
        .delete(invitations)
        .where(
          and(
            eq(invitations.senderUserId, key.senderUserId),
            key.clientId === null ? isNull(invitations.clientId) : eq(invitations.clientId, key.clientId),
            sameEmail(invitations.recipientEmailAddress, key.recipientEmailAddress),
            ne(invitations.status, INVITATION_STATUS.registered),
          ),
        )
        .returning({ id: invitations.id });
      return rows.map((row) => row.id);
    },

    async insert(
      row: {
        type: InvitationType;
        senderUserId: number;
        recipientEmailAddress: string;
        clientId: number | null;
        tokenHash: string;
        expiresAt: Date;
      },
      tx: DbOrTx = db,
    ): Promise<number> {
      const [inserted] = await tx.insert(invitations).values(row).returning({ id: invitations.id });
      return inserted!.id;
    },

    async findUsableByTokenHash(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select(invitationColumns)
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), usable()))
        .limit(1);
      return row ?? null;
    },

    /** Status 1 -> 2 the first time the link is opened; later openings leave the first time in place. */
    async markReceived(id: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(invitations)
        .set({ status: INVITATION_STATUS.received, receivedAt: sql`now()` })
        .where(and(eq(invitations.id, id), eq(invitations.status, INVITATION_STATUS.sent)));
    },

    /**
     * Marks a usable invitation registered, atomically: of two registrations racing with one link
     * exactly one gets the row back, so a link makes at most one account.
     */
    async consume(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .update(invitations)
        .set({ status: INVITATION_STATUS.registered, registeredAt: sql`now()` })
        .where(and(eq(invitations.tokenHash, tokenHash), usable()))
        .returning(invitationColumns);
      return row ?? null;
    },

    async setRegisteredUser(id: number, userId: number, tx: DbOrTx = db): Promise<void> {
      await tx.update(invitations).set({ registeredUserId: userId }).where(eq(invitations.id, id));
    },
  };
}
