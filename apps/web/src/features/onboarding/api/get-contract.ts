import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadPath } from './onboarding-keys';

/** The generated contract PDF, inline, for the viewer embedded in the contract step. */
export async function loadContractPreview(idHash: string, signal: AbortSignal): Promise<Blob> {
  const file = await api.getBlob(`${leadPath(idHash)}/contract/preview`, { signal });
  return file.blob;
}

/** The same PDF as an attachment, named by the server (spec 03 section 9 file name). */
export function useDownloadContract(idHash: string) {
  return useMutation({ mutationFn: () => api.getBlob(`${leadPath(idHash)}/contract/download`) });
}
