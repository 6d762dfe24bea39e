import { z } from 'zod';
import { passwordSchema } from '../common/password.schema.js';
import { requiredPhoneSchema } from '../common/phone.js';
import { CLIENT_TYPE, TEXT_LIMIT } from '../common/constants.js';
import { listQuerySchema, pagedSchema } from '../common/list.schema.js';

/** Spec 02 section 3: who invited whom. */
export const INVITATION_TYPE = { advisorToClient: 1, clientToCollaborator: 2 } as const;
export type InvitationType = (typeof INVITATION_TYPE)[keyof typeof INVITATION_TYPE];

/** Spec 02 section 3: display only; moves forward when the link is opened and when the recipient registers. */
export const INVITATION_STATUS = { sent: 1, received: 2, registered: 3 } as const;
export type InvitationStatus = (typeof INVITATION_STATUS)[keyof typeof INVITATION_STATUS];

/** How long an invitation link can be used. */
export const INVITATION_VALID_DAYS = 7;

/** Stable codes of the registration failures the register page tells apart (spec 01 section 8). */
export const REGISTRATION_ERROR_CODE = {
  invalidToken: 'INVALID_REGISTRATION_TOKEN',
  emailAlreadyRegistered: 'EMAIL_ALREADY_REGISTERED',
  emailMismatch: 'REGISTRATION_EMAIL_MISMATCH',
} as const;

/** Sending an invitation with no current client chosen (client users invite onto their current client). */
export const NO_CURRENT_CLIENT_CODE = 'NO_CURRENT_CLIENT';

const emailSchema = z.string().trim().min(1).max(TEXT_LIMIT.email).pipe(z.email());
const requiredName = z.string().trim().min(1).max(TEXT_LIMIT.name);
const tokenSchema = z.string().trim().min(1).max(TEXT_LIMIT.token);

/** `POST document/invitations/send`. */
export const sendInvitationInputSchema = z.object({ recipientEmailAddress: emailSchema });
export type SendInvitationInput = z.infer<typeof sendInvitationInputSchema>;

/** resultType: SEND_INVITATION_RESULT (1 sent, 2 recipient is a registered user, 3 already owner or collaborator). */
export const sendInvitationResultSchema = z.object({
  resultType: z.number().int(),
  errorMessage: z.string().nullable(),
});
export type SendInvitationResult = z.infer<typeof sendInvitationResultSchema>;

/** `POST identity/invitations/received`: the register page checks its link first. */
export const invitationReceivedInputSchema = z.object({ registrationToken: tokenSchema });
export type InvitationReceivedInput = z.infer<typeof invitationReceivedInputSchema>;

export const invitationReceivedResultSchema = z.object({
  isValidRegistrationToken: z.boolean(),
  recipientEmailAddress: z.string().nullable(),
});
export type InvitationReceivedResult = z.infer<typeof invitationReceivedResultSchema>;

/** `POST identity/register/client`: the registration payload of spec 01 section 3. */
export const registerClientInputSchema = z
  .object({
    registrationToken: tokenSchema,
    firstName: requiredName,
    lastName: requiredName,
    emailAddress: emailSchema,
    phoneNumber: requiredPhoneSchema(),
    password: passwordSchema,
    confirmPassword: z.string().min(1).max(TEXT_LIMIT.password),
  })
  // No message of its own here or below: each client words the rule (a message set on the schema
  // would win over the web form's wording).
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'] });
export type RegisterClientInput = z.infer<typeof registerClientInputSchema>;

/** 201: the new user's id; the web app then signs in with the e-mail and password. */
export const registerClientResultSchema = z.object({ id: z.number().int() });
export type RegisterClientResult = z.infer<typeof registerClientResultSchema>;

/**
 * `POST document/users/me/clients`: a client user creates an account (client) they own, e.g. the
 * first one after registering. Business needs a name; personal needs first and last name, which
 * become the account's name. The other fields may be sent empty, as the form holds all of them.
 */
export const createMyClientInputSchema = z
  .object({
    clientType: z.union([z.literal(CLIENT_TYPE.business), z.literal(CLIENT_TYPE.personal)]),
    name: z.string().trim().max(TEXT_LIMIT.name).nullish(),
    firstName: z.string().trim().max(TEXT_LIMIT.name).nullish(),
    lastName: z.string().trim().max(TEXT_LIMIT.name).nullish(),
  })
  .superRefine((value, context) => {
    const required: Array<'name' | 'firstName' | 'lastName'> =
      value.clientType === CLIENT_TYPE.business ? ['name'] : ['firstName', 'lastName'];
    for (const field of required) {
      if (!value[field]) context.addIssue({ code: 'custom', path: [field], input: value[field] });
    }
  });
export type CreateMyClientInput = z.infer<typeof createMyClientInputSchema>;

/** Sortable columns of the invitations list. */
export const INVITATION_SORT_KEYS = ['creationTime', 'recipientEmailAddress', 'status', 'type'] as const;

/**
 * `GET document/invitations`: type and senderUserId filter only for admins (ignored for others);
 * default order: newest first.
 */
export const invitationListQuerySchema = listQuerySchema.extend({
  recipientEmailAddress: z.string().trim().max(TEXT_LIMIT.email).optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  senderUserId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  clientId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

export const invitationListItemSchema = z.object({
  id: z.number().int(),
  sender: z.object({ id: z.number().int(), fullName: z.string() }),
  recipientEmailAddress: z.string(),
  type: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** ISO 8601. */
  creationTime: z.string(),
  status: z.number().int(),
});
export type InvitationListItem = z.infer<typeof invitationListItemSchema>;

export const invitationListSchema = pagedSchema(invitationListItemSchema);
export type InvitationList = z.infer<typeof invitationListSchema>;
