import { sandboxInstitutionDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { reconciliationKeys } from './reconciliation-keys';

export function getSandboxInstitutions(signal?: AbortSignal) {
  return api.get('/document/reconciliation/sandbox/institutions', {
    schema: z.array(sandboxInstitutionDtoSchema),
    signal,
  });
}

export function useSandboxInstitutions() {
  return useQuery({
    queryKey: reconciliationKeys.sandboxInstitutions(),
    queryFn: ({ signal }) => getSandboxInstitutions(signal),
    staleTime: Infinity,
  });
}
