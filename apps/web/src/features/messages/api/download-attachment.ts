import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** An attachment is an ordinary document of the client: it downloads through the documents' route. */
export function downloadAttachment(documentId: number) {
  return api.getBlob(`/document/documents/${documentId}/download`);
}

export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async ({ documentId, name }: { documentId: number; name: string }) =>
      saveFile(await downloadAttachment(documentId), name),
  });
}
