import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { downloadDocument, previewDocument } from '../api/download-documents';
import { isPreviewable } from '../lib/document-files';

interface FileTarget {
  id: number;
  fileName: string;
  contentType: string;
}

/**
 * Preview and download of one document. The routes need the bearer token, so the file is fetched
 * here and handed to the browser as a blob: images and PDF open in a new window, other types are
 * saved. The window is opened at once, while the click still counts as a user gesture, else popup
 * blockers stop it once the file has arrived.
 */
export function useDocumentFiles() {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<number | null>(null);

  const preview = async (target: FileTarget) => {
    const inline = isPreviewable(target.contentType);
    const preview = inline ? window.open('', '_blank') : null;
    if (inline && !preview) {
      notify.error(t('documents.messages.popupBlocked'), { key: 'document-preview' });
      return;
    }
    setBusyId(target.id);
    try {
      const file = await previewDocument(target.id);
      if (preview) {
        preview.location.href = URL.createObjectURL(file.blob);
      } else {
        saveFile(file, target.fileName);
      }
    } catch {
      preview?.close();
      notify.error(t('documents.messages.previewError'), { key: 'document-preview' });
    } finally {
      setBusyId(null);
    }
  };

  const download = async (target: FileTarget) => {
    setBusyId(target.id);
    try {
      saveFile(await downloadDocument(target.id), target.fileName);
    } catch {
      notify.error(t('documents.messages.downloadError'), { key: 'document-download' });
    } finally {
      setBusyId(null);
    }
  };

  return { preview, download, busyId };
}
