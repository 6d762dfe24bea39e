import { z } from 'zod';
import { idSchema } from '../common/list.schema.js';

/** `GET identity/users/me`: roles as display names, e.g. ["Advisor"]. */
export const meDtoSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string(),
  emailAddress: z.string(),
  phoneNumber: z.string().nullable(),
  extension: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  roles: z.array(z.string()),
});
export type MeDto = z.infer<typeof meDtoSchema>;

/** `GET document/users/me/clients`: the accounts a client user may act for. */
export const myClientDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clientType: z.number().int(),
  usedBookkeepingServiceAtLeastOnce: z.boolean(),
  isOwner: z.boolean(),
});
export type MyClientDto = z.infer<typeof myClientDtoSchema>;

export const setCurrentClientInputSchema = z.object({ clientId: idSchema });
