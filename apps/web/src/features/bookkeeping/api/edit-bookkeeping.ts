import { bookkeepingRecordDtoSchema, type EditBookkeepingInput } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/** editBookkeeping: a stored month (id above 0). */
export function editBookkeeping(id: number, input: EditBookkeepingInput) {
  return api.put(`/document/bookkeeping/${id}`, { body: { ...input, id }, schema: bookkeepingRecordDtoSchema });
}
