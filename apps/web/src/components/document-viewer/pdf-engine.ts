import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
// The worker as a file of the build (served from our own origin, so the CSP's script-src 'self'
// covers it); pdf.js starts it as a module worker. Over 350 kB gzipped, so it must stay out of
// every chunk: this module is only ever imported dynamically (load-pdf.ts).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PdfPasswordError, type PdfFile, type PdfRender } from './pdf-file';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Device pixels above which a page is drawn at a lower density: a 400% page on a 3x phone is huge. */
const MAX_CANVAS_PIXELS = 16_777_216;

function pdfFileOf(pdf: PDFDocumentProxy): PdfFile {
  return {
    numPages: pdf.numPages,
    async pageSize(pageNumber) {
      const page = await pdf.getPage(pageNumber);
      const { width, height } = page.getViewport({ scale: 1 });
      return { width, height };
    },
    renderPage(pageNumber, canvas, scale): PdfRender {
      let task: RenderTask | null = null;
      let cancelled = false;
      const promise = (async () => {
        const page = await pdf.getPage(pageNumber);
        if (cancelled) return;
        const viewport = page.getViewport({ scale });
        const density = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
        );
        canvas.width = Math.floor(viewport.width * density);
        canvas.height = Math.floor(viewport.height * density);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({
          canvas,
          viewport,
          transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0],
        });
        await task.promise;
      })();
      return {
        promise,
        cancel() {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    destroy: () => pdf.destroy(),
  };
}

/**
 * Opens a PDF from its bytes (fetched with the session: pdf.js's own URL loading would not carry the
 * bearer token). The bytes are handed to the worker, so the buffer is unusable afterwards.
 */
export async function openPdf(data: ArrayBuffer, signal: AbortSignal): Promise<PdfFile> {
  const task = getDocument({
    data: new Uint8Array(data),
    // No string evaluation (the CSP forbids it anyway; CVE-2024-4367 went through it) and no XFA forms.
    isEvalSupported: false,
    enableXfa: false,
  });
  const abort = () => void task.destroy();
  signal.addEventListener('abort', abort, { once: true });
  try {
    return pdfFileOf(await task.promise);
  } catch (error) {
    // pdf.js does not export PasswordException; without an onPassword handler the load fails with it.
    throw error instanceof Error && error.name === 'PasswordException' ? new PdfPasswordError() : error;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
