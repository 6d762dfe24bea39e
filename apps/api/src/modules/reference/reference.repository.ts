import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { states } from '../../db/schema/index.js';

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;

export function createReferenceRepository({ db }: { db: DbOrTx }) {
  return {
    findStates(tx: DbOrTx = db) {
      return tx.select({ id: states.id, name: states.name }).from(states).orderBy(asc(states.name));
    },
  };
}
