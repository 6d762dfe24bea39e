import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export function downloadPassport({ companyId, organizerId }: { companyId: number; organizerId: number }) {
  return api.getBlob(`/company/companies/${companyId}/organizers/${organizerId}/passport`);
}

/** Spec 03 section 8: a failed passport download is logged only, with no message. */
export function useDownloadPassport() {
  return useMutation({
    mutationFn: downloadPassport,
    onSuccess: (file, { organizerId }) => saveFile(file, `passport-${organizerId}`),
    onError: (error) => console.error('Passport download failed', error),
  });
}
