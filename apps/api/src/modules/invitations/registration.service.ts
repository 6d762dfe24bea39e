import {
  INVITATION_TYPE,
  REGISTRATION_ERROR_CODE,
  ROLE_NAME,
  type RegisterClientInput,
  type RegisterClientResult,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError, BadRequestError, TooManyRequestsError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { ThrottleRepository } from '../auth/index.js';
import type { InvitationsRepository } from './invitations.repository.js';
import type { RegistrationRepository } from './registration.repository.js';

const USERNAME_MAX_LENGTH = 40;
const UNIQUE_VIOLATION = '23505';
const USERNAME_CONSTRAINT = 'users_username_key';
const EMAIL_CONSTRAINT = 'users_email_address_key';
/** A username picked a moment ago by a parallel registration is tried again with the next free one. */
const USERNAME_ATTEMPTS = 3;

/** The e-mail's local part, reduced to the characters usernames use; never empty. */
export function usernameBase(emailAddress: string): string {
  const local = emailAddress.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
  return cleaned.length > 0 ? cleaned : 'user';
}

/** `base`, else `base2`, `base3`, ... whichever is not taken (`taken` holds lower-cased names). */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The constraint a unique violation hit; Drizzle wraps the driver's error as `cause`. */
function violatedConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const invalidToken = () =>
  new BadRequestError(
    'This registration link has already been used or has expired.',
    REGISTRATION_ERROR_CODE.invalidToken,
  );
const emailTaken = (email: string) =>
  new AppError(409, REGISTRATION_ERROR_CODE.emailAlreadyRegistered, `${email} is already registered.`);

export type RegistrationService = ReturnType<typeof createRegistrationService>;

export function createRegistrationService(deps: {
  db: Db;
  invitations: InvitationsRepository;
  registration: RegistrationRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
  config: Pick<AppConfig, 'loginThrottle'>;
}) {
  const { db, invitations, registration, throttle, audit, config } = deps;
  const limits = config.loginThrottle;

  /**
   * Registration is public and takes a secret: failures count against the caller's IP as failed
   * sign-ins do, so links cannot be guessed at speed (they are 256-bit, but the limit is cheap).
   */
  async function guard<T>(context: RequestContext, work: () => Promise<T>): Promise<T> {
    const key = `register-ip:${context.ipAddress}`;
    const wait = await throttle.retryAfterSeconds(key, limits.maxFailuresPerIp, limits.windowSeconds);
    if (wait > 0) {
      await audit.record(context, { action: AUDIT_ACTION.registrationThrottled });
      throw new TooManyRequestsError(wait, 'Too many registration attempts. Try again later.');
    }
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) await throttle.recordFailure(key, limits.windowSeconds);
      throw error;
    }
  }

  async function createUser(input: RegisterClientInput, passwordHash: string, context: RequestContext) {
    const tokenHash = sha256Hex(input.registrationToken);
    const base = usernameBase(input.emailAddress);
    for (let attempt = 1; ; attempt++) {
      const username = firstFreeUsername(base, await registration.findUsernamesStartingWith(base));
      try {
        return await db.transaction(async (tx) => {
          const invitation = await invitations.consume(tokenHash, tx);
          if (!invitation) throw invalidToken();
          const advisorUserId =
            invitation.type === INVITATION_TYPE.clientToCollaborator && invitation.clientId !== null
              ? await registration.findClientAdvisor(invitation.clientId, tx)
              : (await registration.hasRole(invitation.senderUserId, ROLE_NAME.advisor, tx))
                ? invitation.senderUserId
                : null;
          const userId = await registration.insertClientUser(
            {
              firstName: input.firstName,
              lastName: input.lastName,
              username,
              emailAddress: invitation.recipientEmailAddress,
              phoneNumber: input.phoneNumber,
              passwordHash,
              inviterUserId: invitation.senderUserId,
              advisorUserId,
            },
            tx,
          );
          if (invitation.type === INVITATION_TYPE.clientToCollaborator && invitation.clientId !== null) {
            await registration.insertCollaborator(invitation.clientId, userId, tx);
          }
          await invitations.setRegisteredUser(invitation.id, userId, tx);
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.invitationRegistered,
              actorUserId: userId,
              objectType: 'user',
              objectId: userId,
              clientId: invitation.clientId ?? undefined,
              details: { invitationId: invitation.id, type: invitation.type, inviterUserId: invitation.senderUserId },
            },
            tx,
          );
          return userId;
        });
      } catch (error) {
        const constraint = violatedConstraint(error);
        if (constraint === EMAIL_CONSTRAINT) throw emailTaken(input.emailAddress);
        if (constraint === USERNAME_CONSTRAINT && attempt < USERNAME_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return {
    /**
     * Turns an invitation into a client user: type 1 gets the inviting advisor as advisor, type 2
     * becomes an active collaborator of the inviting owner's client. The link works once.
     */
    async registerClient(input: RegisterClientInput, context: RequestContext): Promise<RegisterClientResult> {
      return guard(context, async () => {
        // Cheap checks first, so a bad request never pays for argon2.
        const invitation = await invitations.findUsableByTokenHash(sha256Hex(input.registrationToken));
        if (!invitation) throw invalidToken();
        if (invitation.recipientEmailAddress.toLowerCase() !== input.emailAddress.toLowerCase()) {
          throw new BadRequestError(
            'The e-mail address must be the one the invitation was sent to.',
            REGISTRATION_ERROR_CODE.emailMismatch,
            [{ in: 'body', field: 'emailAddress', message: 'The e-mail address must be the invited one.' }],
          );
        }
        if (await invitations.isRegisteredEmail(input.emailAddress)) throw emailTaken(input.emailAddress);
        const passwordHash = await hashPassword(input.password);
        return { id: await createUser(input, passwordHash, context) };
      });
    },
  };
}
