/**
 * What the viewer shows itself: PDF (pdf.js) and the pictures the preview route serves inline
 * (INLINE_PREVIEW_TYPES in the API's documents/file-headers.ts), which every browser draws. HEIC,
 * TIFF and BMP are accepted uploads too, but Chromium and Firefox cannot draw the first two and the
 * route serves none of them inline, so they download like any other type.
 */
const VIEWABLE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export type ViewerKind = 'pdf' | 'image';

export function viewerKindOf(contentType: string): ViewerKind | null {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  if (type === 'application/pdf') return 'pdf';
  return VIEWABLE_IMAGES.has(type) ? 'image' : null;
}
