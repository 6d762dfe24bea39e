/** Types a browser shows by itself; the preview route serves only these inline (DESIGN.md section 6). */
export function isPreviewable(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return type === 'application/pdf' || type.startsWith('image/');
}
