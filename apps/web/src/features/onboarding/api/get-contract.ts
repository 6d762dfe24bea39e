import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadPath, onboardingKeys } from './onboarding-keys';

/** The contract PDF of the lead's `version`, for the browser's own viewer in a frame. */
export function useContractPreview(idHash: string, version: string) {
  return useQuery({
    queryKey: [...onboardingKeys.lead(idHash), 'contract-preview', version],
    queryFn: ({ signal }) => loadContractPreview(idHash, signal),
    staleTime: Infinity,
  });
}

/** The generated contract PDF, inline, for the viewer embedded in the contract step. */
export async function loadContractPreview(idHash: string, signal: AbortSignal): Promise<Blob> {
  const file = await api.getBlob(`${leadPath(idHash)}/contract/preview`, { signal });
  return file.blob;
}

/** The same PDF as an attachment, named by the server (spec 03 section 9 file name). */
export function useDownloadContract(idHash: string) {
  return useMutation({ mutationFn: () => api.getBlob(`${leadPath(idHash)}/contract/download`) });
}
