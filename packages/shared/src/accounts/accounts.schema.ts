import { z } from 'zod';

/** Spec 02 sections 3 and 4: the Accounts screen of a client user (owner and collaborator tabs). */

const personSchema = z.object({ id: z.number().int(), fullName: z.string() });
export type AccountPerson = z.infer<typeof personSchema>;

/** A collaborator of an owned client with the services granted to them (display names). */
export const accountCollaboratorSchema = z.object({
  userId: z.number().int(),
  /** The collaboration's row version, for If-Match on activate and deactivate (issue 21). */
  version: z.string(),
  fullName: z.string(),
  isActive: z.boolean(),
  services: z.array(z.string()),
});
export type AccountCollaborator = z.infer<typeof accountCollaboratorSchema>;

/** `GET document/users/me/clients/owner`: SSN/TIN only masked (DESIGN.md section 4). */
export const ownerClientItemSchema = z.object({
  id: z.number().int(),
  clientType: z.number().int(),
  fullName: z.string(),
  maskedSocialSecurityNumber: z.string().nullable(),
  maskedTaxpayerIdentificationNumber: z.string().nullable(),
  advisor: personSchema.nullable(),
  collaborators: z.array(accountCollaboratorSchema),
});
export type OwnerClientItem = z.infer<typeof ownerClientItemSchema>;

/** `GET document/users/me/clients/collaborator`: services are the ones granted to the caller. */
export const collaboratorClientItemSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  clientType: z.number().int(),
  owner: personSchema,
  services: z.array(z.string()),
});
export type CollaboratorClientItem = z.infer<typeof collaboratorClientItemSchema>;

const spouseDetailsSchema = z.object({
  fullName: z.string(),
  maskedSocialSecurityNumber: z.string().nullable(),
  /** '**.**.YYYY': only the year is shown. */
  maskedBirthDate: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
});

/**
 * `GET document/users/me/clients/{id}/details`: the side panel. Empty values are null (the web shows
 * a dash); the address is joined with commas and carries the state's name. Fields of the other
 * client type are null.
 */
export const myClientDetailsSchema = z.object({
  id: z.number().int(),
  clientType: z.number().int(),
  fullName: z.string(),
  tradeName: z.string().nullable(),
  maskedTaxpayerIdentificationNumber: z.string().nullable(),
  website: z.string().nullable(),
  maskedSocialSecurityNumber: z.string().nullable(),
  /** '**.**.YYYY': only the year is shown. */
  maskedBirthDate: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  services: z.array(z.string()),
  owner: personSchema,
  advisor: personSchema.nullable(),
  collaborators: z.array(accountCollaboratorSchema),
  /** MARITAL_STATUS; personal clients only. */
  maritalStatus: z.number().int().nullable(),
  spouse: spouseDetailsSchema.nullable(),
});
export type MyClientDetails = z.infer<typeof myClientDetailsSchema>;

export const collaboratorParamsSchema = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const clientIdParamsSchema = collaboratorParamsSchema.pick({ clientId: true });
