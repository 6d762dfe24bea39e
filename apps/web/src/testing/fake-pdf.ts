import { vi } from 'vitest';
import type { PdfFile } from '@/components/document-viewer/pdf-file';

/**
 * An open PDF of `numPages` letter-size pages for the viewer's component tests: pdf.js draws on a
 * canvas, which happy-dom has not. The browser suite opens real PDFs with pdf.js.
 */
export function fakePdf(numPages: number): PdfFile {
  return {
    numPages,
    pageSize: async () => ({ width: 612, height: 792 }),
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: vi.fn(async () => {}),
  };
}
