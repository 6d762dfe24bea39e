/**
 * What the viewer shows itself: PDF (pdf.js) and the image types every browser draws. HEIC and TIFF
 * are accepted uploads too, but Chromium and Firefox cannot draw them, so they download like any
 * other type.
 */
const VIEWABLE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

export type ViewerKind = 'pdf' | 'image';

export function viewerKindOf(contentType: string): ViewerKind | null {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  if (type === 'application/pdf') return 'pdf';
  return VIEWABLE_IMAGES.has(type) ? 'image' : null;
}
