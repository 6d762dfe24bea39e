import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  businessEntityTypes,
  counties,
  industries,
  managementStructures,
  organizerTitles,
  registeredAgentTypes,
  states,
} from '../../db/schema/index.js';

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;

export function createReferenceRepository({ db }: { db: DbOrTx }) {
  return {
    findStates(tx: DbOrTx = db) {
      return tx
        .select({
          id: states.id,
          name: states.name,
          llcFilingFeeForResidents: states.llcFilingFeeForResidents,
          corporationFilingFeeForResidents: states.corporationFilingFeeForResidents,
          checkBusinessNameAvailabilityUrl: states.checkBusinessNameAvailabilityUrl,
        })
        .from(states)
        .orderBy(asc(states.name));
    },

    findCounties(stateId: number | undefined, tx: DbOrTx = db) {
      return tx
        .select({ id: counties.id, name: counties.name, stateId: counties.stateId })
        .from(counties)
        .where(stateId === undefined ? undefined : eq(counties.stateId, stateId))
        .orderBy(asc(counties.stateId), asc(counties.name));
    },

    findIndustries(tx: DbOrTx = db) {
      return tx.select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.name));
    },

    /** The short lists keep the spec's order, which is their id order. */
    findBusinessEntityTypes(tx: DbOrTx = db) {
      return tx
        .select({ id: businessEntityTypes.id, name: businessEntityTypes.name })
        .from(businessEntityTypes)
        .orderBy(asc(businessEntityTypes.id));
    },

    findRegisteredAgentTypes(tx: DbOrTx = db) {
      return tx
        .select({ id: registeredAgentTypes.id, name: registeredAgentTypes.name })
        .from(registeredAgentTypes)
        .orderBy(asc(registeredAgentTypes.id));
    },

    findManagementStructures(tx: DbOrTx = db) {
      return tx
        .select({ id: managementStructures.id, name: managementStructures.name })
        .from(managementStructures)
        .orderBy(asc(managementStructures.id));
    },

    findOrganizerTitles(tx: DbOrTx = db) {
      return tx
        .select({ id: organizerTitles.id, name: organizerTitles.name })
        .from(organizerTitles)
        .orderBy(asc(organizerTitles.id));
    },
  };
}
