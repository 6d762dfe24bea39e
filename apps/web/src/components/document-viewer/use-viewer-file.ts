import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { PdfEngineUnavailableError, PdfPasswordError, type PdfFile, type PdfOpener } from './pdf-file';
import { viewerKindOf } from './viewer-kind';

/** Why a file is not on screen; each reason has its own advice (and Download where it can help). */
export type ViewerFailure = 'load' | 'missing' | 'unreadable' | 'password';

export type ViewerFileState =
  | { status: 'loading' }
  | { status: 'image'; url: string }
  | { status: 'pdf'; pdf: PdfFile }
  | { status: 'unsupported' }
  | { status: 'failed'; failure: ViewerFailure };

export interface ViewerFileSource {
  contentType: string;
}

function pdfFailureOf(error: unknown): ViewerFailure {
  if (error instanceof PdfPasswordError) return 'password';
  return error instanceof PdfEngineUnavailableError ? 'load' : 'unreadable';
}

/**
 * The bytes of the file on screen, fetched with the session (an <img src> or pdf.js's own loading
 * would not carry the bearer token): an object URL for an image, an open pdf.js document for a PDF.
 * Both are released when the file leaves the screen. Call it from a component keyed by the file
 * (and the attempt), so a new file starts from 'loading'.
 */
export function useViewerFile<T extends ViewerFileSource>(
  item: T,
  loadFile: (item: T, signal: AbortSignal) => Promise<Blob>,
  openPdf: PdfOpener,
): ViewerFileState {
  const kind = viewerKindOf(item.contentType);
  const [state, setState] = useState<ViewerFileState>(kind ? { status: 'loading' } : { status: 'unsupported' });

  useEffect(() => {
    if (!kind) return;
    const controller = new AbortController();
    const { signal } = controller;
    let url: string | null = null;
    let pdf: PdfFile | null = null;

    void (async () => {
      let blob: Blob;
      try {
        blob = await loadFile(item, signal);
      } catch (error) {
        if (!signal.aborted) setState({ status: 'failed', failure: isApiError(error, 404) ? 'missing' : 'load' });
        return;
      }
      if (signal.aborted) return;
      if (kind === 'image') {
        url = URL.createObjectURL(blob);
        setState({ status: 'image', url });
        return;
      }
      try {
        const opened = await openPdf(await blob.arrayBuffer(), signal);
        if (signal.aborted) {
          void opened.destroy();
          return;
        }
        pdf = opened;
        setState({ status: 'pdf', pdf: opened });
      } catch (error) {
        if (!signal.aborted) setState({ status: 'failed', failure: pdfFailureOf(error) });
      }
    })();

    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      if (pdf) void pdf.destroy();
    };
    // The caller keys the component by the file: one load per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return state;
}
