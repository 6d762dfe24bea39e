import type { DbOrTx } from '../../db/client.js';
import { departments } from '../../db/schema/index.js';

export type DepartmentsRepository = ReturnType<typeof createDepartmentsRepository>;

export function createDepartmentsRepository({ db }: { db: DbOrTx }) {
  return {
    findAll(tx: DbOrTx = db) {
      return tx
        .select({ id: departments.id, name: departments.name, displayName: departments.displayName })
        .from(departments)
        .orderBy(departments.id);
    },
  };
}
