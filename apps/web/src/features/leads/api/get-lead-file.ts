import type { LeadAttachmentKind } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The contract or one of the three attachments of a lead. */
export type LeadFile = { kind: 'contract' } | { kind: 'attachment'; attachment: LeadAttachmentKind };

export function leadFilePath(leadId: number, file: LeadFile, disposition: 'preview' | 'download') {
  return file.kind === 'contract'
    ? `/document/leads/${leadId}/contract/${disposition}`
    : `/document/leads/${leadId}/attachments/${file.attachment}/${disposition}`;
}

export function useGetLeadFile(leadId: number) {
  return useMutation({
    mutationFn: ({ file, disposition }: { file: LeadFile; disposition: 'preview' | 'download' }) =>
      api.getBlob(leadFilePath(leadId, file, disposition)),
  });
}
