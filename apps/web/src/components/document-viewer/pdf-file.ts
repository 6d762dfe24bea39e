/**
 * What the viewer needs of an open PDF. pdf.js stays behind this (pdf-engine.ts, loaded on demand by
 * load-pdf.ts), so the viewer's own code carries none of it and tests can hand it a stand-in.
 */
export interface PdfFile {
  numPages: number;
  /** The page's size in PDF points (1/72 inch) at scale 1. */
  pageSize(pageNumber: number): Promise<{ width: number; height: number }>;
  /** Draws a page on the canvas at `scale` CSS pixels per point, sized for the screen's density. */
  renderPage(pageNumber: number, canvas: HTMLCanvasElement, scale: number): PdfRender;
  destroy(): Promise<void>;
}

export type PdfOpener = (data: ArrayBuffer, signal: AbortSignal) => Promise<PdfFile>;

export interface PdfRender {
  promise: Promise<void>;
  cancel(): void;
}

/** A PDF that needs a password: the viewer says so and offers the download. */
export class PdfPasswordError extends Error {
  constructor() {
    super('The PDF is protected by a password');
    this.name = 'PdfPasswordError';
  }
}

/** pdf.js itself could not be fetched (the connection dropped): trying again may help. */
export class PdfEngineUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The PDF viewer could not be loaded', { cause });
    this.name = 'PdfEngineUnavailableError';
  }
}
