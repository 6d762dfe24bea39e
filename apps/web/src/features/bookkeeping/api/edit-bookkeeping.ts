import { bookkeepingRecordDtoSchema, type EditBookkeepingInput } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/**
 * editBookkeeping: a stored month (id above 0). `version` is the one the list loaded (or the last save
 * answered): an edit over someone else's newer one is refused (412) and changes nothing.
 */
export function editBookkeeping(id: number, input: EditBookkeepingInput, version?: string) {
  return api.put(`/document/bookkeeping/${id}`, {
    body: { ...input, id },
    schema: bookkeepingRecordDtoSchema,
    ifMatch: version,
  });
}
