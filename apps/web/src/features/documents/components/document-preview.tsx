import { DocumentViewer } from '@/components/document-viewer/document-viewer';
import { previewDocument } from '../api/download-documents';
import type { DocumentFileTarget, DocumentFiles } from '../hooks/use-document-files';

interface PreviewedDocument extends DocumentFileTarget {
  displayName: string;
}

/**
 * The in-app viewer over a list of documents (the rows of the page on screen, or the one document of
 * its own page): the preview route's bytes, and Download through the download route, which names the
 * file as every download of a document is named (its display name with the file's extension).
 */
export function DocumentPreview({
  documents,
  files,
}: {
  documents: readonly PreviewedDocument[];
  files: DocumentFiles;
}) {
  // Titled with the file's real name; the document's name in the list stands under it.
  const items = documents.map((document) => ({ ...document, caption: document.displayName }));
  return (
    <DocumentViewer
      items={items}
      currentId={files.viewerId}
      onNavigate={files.setViewerId}
      onClose={files.closeViewer}
      loadFile={async (document, signal) => (await previewDocument(document.id, signal)).blob}
      onDownload={files.download}
    />
  );
}
