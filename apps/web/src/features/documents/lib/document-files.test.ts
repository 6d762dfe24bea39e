import { describe, expect, it } from 'vitest';
import { isPreviewable } from './document-files';

describe('isPreviewable', () => {
  it('previews PDF and images in the browser, downloads everything else', () => {
    expect(isPreviewable('application/pdf')).toBe(true);
    expect(isPreviewable('image/png')).toBe(true);
    expect(isPreviewable('IMAGE/HEIC')).toBe(true);
    expect(isPreviewable('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isPreviewable('text/csv')).toBe(false);
  });
});
