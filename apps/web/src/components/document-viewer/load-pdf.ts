import { PdfEngineUnavailableError, type PdfFile } from './pdf-file';

/**
 * pdf.js (about 120 kB gzipped, and its worker over 350 kB) loads when the first PDF is opened, not
 * with the screen: nothing else imports pdf-engine.ts.
 */
export async function loadPdf(data: ArrayBuffer, signal: AbortSignal): Promise<PdfFile> {
  const engine = await import('./pdf-engine').catch((error: unknown) => {
    throw new PdfEngineUnavailableError(error);
  });
  return engine.openPdf(data, signal);
}
