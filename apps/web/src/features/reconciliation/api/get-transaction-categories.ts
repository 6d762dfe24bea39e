import { dropdownOptionSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { reconciliationKeys } from './reconciliation-keys';

const categoriesSchema = z
  .array(dropdownOptionSchema)
  .transform((items) => items.map((item) => ({ value: item.value, label: item.displayText })));

export function getTransactionCategories(signal?: AbortSignal) {
  return api.get('/document/transaction-categories', { schema: categoriesSchema, signal });
}

/** The search's category options: loaded when the search first opens, then kept. */
export function useTransactionCategories({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: reconciliationKeys.categories(),
    queryFn: ({ signal }) => getTransactionCategories(signal),
    enabled,
    staleTime: Infinity,
  });
}
