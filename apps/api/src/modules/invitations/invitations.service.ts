import {
  INVITATION_TYPE,
  INVITATION_VALID_DAYS,
  NO_CURRENT_CLIENT_CODE,
  ROLE_NAME,
  SEND_INVITATION_RESULT,
  type InvitationList,
  type InvitationListQuery,
  type InvitationReceivedResult,
  type SendInvitationInput,
  type SendInvitationResult,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf, type ClientScope } from '../clients/index.js';
import type { MailService } from '../mail/index.js';
import type { UsersRepository } from '../users/index.js';
import { invitationScopeOf } from './invitation-scope.js';
import type { InvitationsRepository } from './invitations.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UNIQUE_VIOLATION = '23505';
/** One unused invitation per sender, client and address (db/schema/account-tokens.ts). */
const PENDING_CONSTRAINT = 'invitations_pending_key';
/** Sends of one invitation at once that a send replaces before giving up (each try replaces the winner). */
const REPLACE_ATTEMPTS = 3;

/** The unique index a write ran into, if that is why it failed (Drizzle keeps the driver error as `cause`). */
function violatedConstraint(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

export function createInvitationsService(deps: {
  db: Db;
  invitations: InvitationsRepository;
  users: UsersRepository;
  mail: MailService;
  audit: AuditLog;
  config: Pick<AppConfig, 'appUrl'>;
}) {
  const { db, invitations, users, mail, audit, config } = deps;

  /** The session's current client (ADR 0014), if it is still an active client in the user's scope. */
  async function currentClientOf(principal: Pick<Principal, 'currentClientId'>, scope: ClientScope) {
    return principal.currentClientId ? invitations.findClientInScope(principal.currentClientId, scope) : null;
  }

  /**
   * A client user invites collaborators onto their current client, and only onto one they own: a
   * collaborator sees the account but does not decide who else does (403, as the account itself is
   * in their scope and hiding it would be wrong).
   */
  async function clientOfInvitingUser(principal: Principal, scope: ClientScope) {
    const userId = principal.userId;
    const sender = await users.findById(userId);
    if (!sender) throw new NotFoundError('User not found.');
    const client = await currentClientOf(principal, scope);
    if (!client) {
      throw new BadRequestError('Choose the account to invite a collaborator to first.', NO_CURRENT_CLIENT_CODE);
    }
    if (client.ownerUserId !== userId) {
      throw new ForbiddenError('Only the owner of an account can invite collaborators to it.');
    }
    return { sender, client };
  }

  /**
   * A new invitation replaces the sender's earlier, unused one to the same address: only the newest
   * link works, and the list shows one invitation. Two sends at once both find nothing to replace; the
   * unique index refuses the later insert, which then (in a savepoint, so the transaction lives on)
   * replaces the one that won, as if the two had come one after the other.
   */
  async function replacePending(row: Parameters<InvitationsRepository['insert']>[0], tx: DbOrTx) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await tx.transaction(async (savepoint) => {
          const replaced = await invitations.deletePending(row, savepoint);
          return { replaced, invitationId: await invitations.insert(row, savepoint) };
        });
      } catch (error) {
        if (attempt < REPLACE_ATTEMPTS && violatedConstraint(error) === PENDING_CONSTRAINT) continue;
        throw error;
      }
    }
  }

  return {
    async list(principal: Principal, query: InvitationListQuery): Promise<InvitationList> {
      const scope = await invitationScopeOf(
        principal,
        async (clientScope) => (await currentClientOf(principal, clientScope))?.id ?? null,
      );
      if (!scope) return { items: [], totalCount: 0 };
      // Type and sender filters are the admin's (spec 02: "for admins only"); others' are ignored.
      const isAdmin = principal.roles.includes(ROLE_NAME.admin);
      const filters = isAdmin ? query : { ...query, type: undefined, senderUserId: undefined };
      const page = await invitations.list(scope, filters);
      return {
        totalCount: page.totalCount,
        items: page.items.map((row) => ({
          id: row.id,
          sender: { id: row.senderId, fullName: row.senderFullName },
          recipientEmailAddress: row.recipientEmailAddress,
          type: row.type,
          client: row.clientId === null ? null : { id: row.clientId, name: row.clientName ?? '' },
          creationTime: row.createdAt.toISOString(),
          status: row.status,
        })),
      };
    },

    async send(
      principal: Principal,
      input: SendInvitationInput,
      context: RequestContext,
    ): Promise<SendInvitationResult> {
      const email = input.recipientEmailAddress;
      let sender: NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
      let client: { id: number; name: string } | null = null;
      if (principal.isClient) {
        const scope = clientScopeOf(principal);
        ({ sender, client } = await clientOfInvitingUser(principal, scope));
        // Checked before "registered": an owner or collaborator is a registered user too, and this
        // answer says more.
        if (await invitations.isOwnerOrCollaborator(client.id, email, scope)) {
          return {
            resultType: SEND_INVITATION_RESULT.ownerOrCollaborator,
            errorMessage: `${email} is already the owner or a collaborator of ${client.name}.`,
          };
        }
      } else {
        const found = await users.findById(principal.userId);
        if (!found) throw new NotFoundError('User not found.');
        sender = found;
      }
      if (await invitations.isRegisteredEmail(email)) {
        return {
          resultType: SEND_INVITATION_RESULT.registeredUser,
          errorMessage: `${email} is already a registered user.`,
        };
      }

      const type = client ? INVITATION_TYPE.clientToCollaborator : INVITATION_TYPE.advisorToClient;
      const token = randomToken();
      const registerUrl = `${config.appUrl}/register?token=${encodeURIComponent(token)}`;
      await db.transaction(async (tx) => {
        const { replaced, invitationId } = await replacePending(
          {
            type,
            senderUserId: sender.id,
            recipientEmailAddress: email,
            clientId: client?.id ?? null,
            tokenHash: sha256Hex(token),
            expiresAt: new Date(Date.now() + INVITATION_VALID_DAYS * DAY_MS),
          },
          tx,
        );
        await mail.queue(
          'invitation',
          email,
          {
            inviterName: `${sender.firstName} ${sender.lastName}`.trim(),
            registerUrl,
            clientName: client?.name,
            validDays: INVITATION_VALID_DAYS,
          },
          tx,
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.invitationSent,
            actorUserId: sender.id,
            objectType: 'invitation',
            objectId: invitationId,
            clientId: client?.id,
            details: { type, recipientEmailAddress: email, replacedInvitationIds: replaced },
          },
          tx,
        );
      });
      return { resultType: SEND_INVITATION_RESULT.success, errorMessage: null };
    },

    /** The register page opens with this: an unknown, expired or used link all look the same. */
    async received(registrationToken: string): Promise<InvitationReceivedResult> {
      const invitation = await invitations.findUsableByTokenHash(sha256Hex(registrationToken));
      if (!invitation) return { isValidRegistrationToken: false, recipientEmailAddress: null };
      await invitations.markReceived(invitation.id);
      return { isValidRegistrationToken: true, recipientEmailAddress: invitation.recipientEmailAddress };
    },
  };
}
