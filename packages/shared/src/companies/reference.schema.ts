import { z } from 'zod';
import { dropdownOptionSchema, idSchema } from '../common/list.schema.js';

/**
 * Contract: company formation reference lists (`GET company/.../all`, spec 03 section 3 "State
 * (formation)", "County" and the option lists). Public: the formation wizards read them before sign-in.
 */

/**
 * A state keeps the dropdown shape existing edit forms use (`value`, `displayText`) and adds the
 * formation fields of the spec. Fees are dollars; null where the firm does not form companies (territories).
 */
export const formationStateSchema = dropdownOptionSchema.extend({
  id: z.number().int(),
  name: z.string(),
  llcFilingFeeForResidents: z.number().nullable(),
  corporationFilingFeeForResidents: z.number().nullable(),
  checkBusinessNameAvailabilityUrl: z.string().nullable(),
});
export type FormationState = z.infer<typeof formationStateSchema>;

export const countySchema = z.object({ id: z.number().int(), name: z.string(), stateId: z.number().int() });
export type County = z.infer<typeof countySchema>;

/** Without `stateId` every county of every state, ordered by state then name. */
export const countiesQuerySchema = z.object({ stateId: idSchema.optional() });
export type CountiesQuery = z.infer<typeof countiesQuerySchema>;

export const referenceOptionsSchema = z.array(dropdownOptionSchema);

/** Shown after the legal name (spec 03 "Business entity type: id, name (designator shown after the legal name)"). */
export const BUSINESS_ENTITY_DESIGNATOR: Record<number, string> = { 1: 'LLC', 2: 'Corp.' };
