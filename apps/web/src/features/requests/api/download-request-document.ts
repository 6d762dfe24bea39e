import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** A file the client sent for an item: an ordinary document, fetched through the documents' download. */
export function downloadRequestDocument(id: number) {
  return api.getBlob(`/document/documents/${id}/download`);
}

export function useDownloadRequestDocument() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: number; fileName: string }) =>
      saveFile(await downloadRequestDocument(id), fileName),
  });
}
