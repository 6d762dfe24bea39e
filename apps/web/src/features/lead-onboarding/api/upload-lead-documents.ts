import { LEAD_DOCUMENT_FIELDS } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type LeadDocumentKey = keyof typeof LEAD_DOCUMENT_FIELDS;
export type LeadDocumentsInput = Record<LeadDocumentKey, { file: File | null; later: boolean }>;

/** Multipart: each file only when it is not deferred, and each later flag (spec 01 section 7). */
export function uploadLeadDocuments(input: LeadDocumentsInput) {
  const form = new FormData();
  for (const key of Object.keys(LEAD_DOCUMENT_FIELDS) as LeadDocumentKey[]) {
    const { file, later } = input[key];
    const names = LEAD_DOCUMENT_FIELDS[key];
    form.append(names.later, String(later));
    if (!later && file) form.append(names.file, file, file.name);
  }
  return api.put('/document/leads/me/documents', { body: form, fileTransfer: true });
}

export function useUploadLeadDocuments() {
  return useMutation({ mutationFn: uploadLeadDocuments });
}
