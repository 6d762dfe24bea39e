import {
  CONTRACTOR_TYPE,
  type BusinessContractorForm,
  type ContractorInput,
  type IndividualContractorForm,
} from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contractorKeys } from './contractor-keys';

export type SaveContractor =
  | { kind: 'create'; input: ContractorInput }
  | {
      kind: 'edit';
      id: number;
      contractorType: typeof CONTRACTOR_TYPE.business;
      form: BusinessContractorForm;
      version?: string;
    }
  | {
      kind: 'edit';
      id: number;
      contractorType: typeof CONTRACTOR_TYPE.individual;
      form: IndividualContractorForm;
      version?: string;
    };

/**
 * insertContractor, editBusinessContractor or editIndividualContractor. An edit's `version` is the one
 * the form loaded: a save over a newer one is refused (412).
 */
export function saveContractor(save: SaveContractor) {
  if (save.kind === 'create') return api.post('/document/contractors', { body: save.input });
  const path = save.contractorType === CONTRACTOR_TYPE.business ? 'business' : 'individual';
  return api.put(`/document/contractors/${path}/${save.id}`, { body: save.form, ifMatch: save.version });
}

export function useSaveContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContractor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.lists() }),
  });
}
