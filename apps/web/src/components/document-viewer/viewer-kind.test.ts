import { describe, expect, it } from 'vitest';
import { viewerKindOf } from './viewer-kind';

describe('viewerKindOf', () => {
  it('shows PDF and the pictures every browser draws, and leaves everything else to Download', () => {
    expect(viewerKindOf('application/pdf')).toBe('pdf');
    expect(viewerKindOf('image/png')).toBe('image');
    expect(viewerKindOf('IMAGE/JPEG')).toBe('image');
    expect(viewerKindOf('image/webp; charset=binary')).toBe('image');
    // Accepted uploads that Chromium and Firefox cannot draw.
    expect(viewerKindOf('image/heic')).toBeNull();
    expect(viewerKindOf('image/tiff')).toBeNull();
    expect(viewerKindOf('image/bmp')).toBeNull();
    expect(viewerKindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBeNull();
    expect(viewerKindOf('text/csv')).toBeNull();
  });
});
