import { randomBytes } from 'node:crypto';
import { INVITATION_STATUS, INVITATION_TYPE, type InvitationStatus, type InvitationType } from '@ledgerport/shared';
import type { Db } from '../db/client.js';
import { invitations } from '../db/schema/index.js';
import { randomToken, sha256Hex } from '../lib/crypto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh, unused e-mail address. */
export function newEmail(prefix = 'invitee'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}@example.com`;
}

/** An invitation row with its plain token (the database keeps only the hash). */
export async function createInvitation(
  db: Db,
  overrides: {
    senderUserId: number;
    type?: InvitationType;
    clientId?: number | null;
    recipientEmailAddress?: string;
    status?: InvitationStatus;
    expiresAt?: Date;
    /** When it was sent; the database's clock by default (which may give two the same instant). */
    createdAt?: Date;
  },
) {
  const token = randomToken();
  const [row] = await db
    .insert(invitations)
    .values({
      type:
        overrides.type ?? (overrides.clientId ? INVITATION_TYPE.clientToCollaborator : INVITATION_TYPE.advisorToClient),
      status: overrides.status ?? INVITATION_STATUS.sent,
      senderUserId: overrides.senderUserId,
      clientId: overrides.clientId ?? null,
      recipientEmailAddress: overrides.recipientEmailAddress ?? newEmail(),
      tokenHash: sha256Hex(token),
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 7 * DAY_MS),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return { ...row!, token };
}

/** The registration payload for an invitation, valid unless overridden. */
export function registrationFor(
  invitation: { token: string; recipientEmailAddress: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    registrationToken: invitation.token,
    firstName: 'Nora',
    lastName: 'Newcomer',
    emailAddress: invitation.recipientEmailAddress,
    phoneNumber: '(555) 010-2000',
    password: 'Harbour7',
    confirmPassword: 'Harbour7',
    ...overrides,
  };
}
