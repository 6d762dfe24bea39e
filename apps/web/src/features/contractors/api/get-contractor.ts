import {
  CONTRACTOR_TYPE,
  businessContractorDtoSchema,
  individualContractorDtoSchema,
  type BusinessContractorDto,
  type ContractorType,
  type IndividualContractorDto,
} from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contractorKeys } from './contractor-keys';

/** getBusinessContractorById / getIndividualContractorById: the full identification number for editing. */
export function getContractor(
  contractorType: ContractorType,
  id: number,
  signal?: AbortSignal,
): Promise<BusinessContractorDto | IndividualContractorDto> {
  return contractorType === CONTRACTOR_TYPE.business
    ? api.get(`/document/contractors/business/${id}`, { schema: businessContractorDtoSchema, signal })
    : api.get(`/document/contractors/individual/${id}`, { schema: individualContractorDtoSchema, signal });
}

export function contractorQueryOptions(contractorType: ContractorType, id: number) {
  return queryOptions({
    queryKey: contractorKeys.detail(contractorType, id),
    queryFn: ({ signal }) => getContractor(contractorType, id, signal),
    // The form must start from what is stored now, not from an earlier visit.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useContractor(target: { contractorType: ContractorType; id: number } | null) {
  return useQuery({
    ...contractorQueryOptions(target?.contractorType ?? CONTRACTOR_TYPE.business, target?.id ?? 0),
    enabled: target !== null,
  });
}
