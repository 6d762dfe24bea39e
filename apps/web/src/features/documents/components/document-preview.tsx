import { DocumentViewer } from '@/components/document-viewer/document-viewer';
import { previewDocument } from '../api/download-documents';
import type { DocumentFileTarget, DocumentFiles } from '../hooks/use-document-files';

/**
 * The in-app viewer over a list of documents (the rows of the page on screen, or the one document of
 * its own page): the preview route's bytes, and Download through the download route under the file's
 * real name.
 */
export function DocumentPreview({
  documents,
  files,
}: {
  documents: readonly DocumentFileTarget[];
  files: DocumentFiles;
}) {
  return (
    <DocumentViewer
      items={documents}
      currentId={files.viewerId}
      onNavigate={files.setViewerId}
      onClose={files.closeViewer}
      loadFile={async (document, signal) => (await previewDocument(document.id, signal)).blob}
      onDownload={files.download}
    />
  );
}
