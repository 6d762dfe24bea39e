/** Types a browser shows by itself; the preview route serves only these inline (DESIGN.md section 6). */
export function isPreviewable(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return type === 'application/pdf' || type.startsWith('image/');
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB": for the shared-document page. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0);
  return `${rounded} ${UNITS[unit]}`;
}
