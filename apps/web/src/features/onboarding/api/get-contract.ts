import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadPath, onboardingKeys } from './onboarding-keys';

/** The generated contract PDF, inline, to show it embedded in the contract step. */
export function useContractPreview(idHash: string) {
  return useQuery({
    queryKey: [...onboardingKeys.lead(idHash), 'contract-preview'],
    queryFn: ({ signal }) => api.getBlob(`${leadPath(idHash)}/contract/preview`, { signal }),
    staleTime: Infinity,
  });
}

/** The same PDF as an attachment, named by the server (spec 03 section 9 file name). */
export function useDownloadContract(idHash: string) {
  return useMutation({ mutationFn: () => api.getBlob(`${leadPath(idHash)}/contract/download`) });
}
