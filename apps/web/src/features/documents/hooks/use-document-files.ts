import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { viewerKindOf } from '@/components/document-viewer/viewer-kind';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { downloadDocument, previewDocument } from '../api/download-documents';

export interface DocumentFileTarget {
  id: number;
  fileName: string;
  contentType: string;
}

/**
 * Preview and download of documents. PDFs and pictures open in the in-app viewer
 * (`viewerId`, shown by DocumentPreview); any other type is saved as the preview route sends it.
 * The routes need the bearer token, so files are fetched here as blobs and saved under their real
 * name.
 */
export function useDocumentFiles() {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [viewerId, setViewerId] = useState<number | null>(null);

  const preview = async (target: DocumentFileTarget) => {
    if (viewerKindOf(target.contentType)) {
      setViewerId(target.id);
      return;
    }
    setBusyId(target.id);
    try {
      saveFile(await previewDocument(target.id), target.fileName);
    } catch {
      notify.error(t('documents.messages.previewError'), { key: 'document-preview' });
    } finally {
      setBusyId(null);
    }
  };

  const download = async (target: DocumentFileTarget) => {
    setBusyId(target.id);
    try {
      saveFile(await downloadDocument(target.id), target.fileName);
    } catch {
      notify.error(t('documents.messages.downloadError'), { key: 'document-download' });
    } finally {
      setBusyId(null);
    }
  };

  return { preview, download, busyId, viewerId, setViewerId, closeViewer: () => setViewerId(null) };
}

export type DocumentFiles = ReturnType<typeof useDocumentFiles>;
