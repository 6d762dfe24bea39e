import { describe, expect, it } from 'vitest';
import { formatFileSize, isPreviewable } from './document-files';

describe('isPreviewable', () => {
  it('previews PDF and images in the browser, downloads everything else', () => {
    expect(isPreviewable('application/pdf')).toBe(true);
    expect(isPreviewable('image/png')).toBe(true);
    expect(isPreviewable('IMAGE/HEIC')).toBe(true);
    expect(isPreviewable('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isPreviewable('text/csv')).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('names bytes in the largest fitting unit', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});
