import { bookkeepingRecordDtoSchema, type InsertBookkeepingInput } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/** insertBookkeeping: the first edit of a client's month (the row's id is still 0). */
export function insertBookkeeping(input: InsertBookkeepingInput) {
  return api.post('/document/bookkeeping', { body: input, schema: bookkeepingRecordDtoSchema });
}
