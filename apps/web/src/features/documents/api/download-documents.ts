import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function downloadDocument(id: number) {
  return api.getBlob(`/document/documents/${id}/download`);
}

/** Several documents as one zip, streamed by the server. */
export function downloadDocumentsZip(ids: readonly number[]) {
  return api.getBlob('/document/documents/download', { query: { ids } });
}

/** Images and PDF come inline (the viewer's bytes); anything else comes as an attachment. */
export function previewDocument(id: number, signal?: AbortSignal) {
  return api.getBlob(`/document/documents/${id}/preview`, { signal });
}

export function useDownloadDocuments() {
  return useMutation({
    mutationFn: (ids: readonly number[]) => (ids.length === 1 ? downloadDocument(ids[0]!) : downloadDocumentsZip(ids)),
  });
}
