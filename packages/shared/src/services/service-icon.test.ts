import { describe, expect, it } from 'vitest';
import { SERVICE_ICON_ERROR, SERVICE_ICON_MAX_BYTES, serviceInputSchema } from './services.schema.js';
import { base64DecodedLength, isPngBase64 } from './service-icon.js';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const toBase64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const valid = { name: 'audit', displayName: 'Audit', departmentId: 1, color: '#1E88E5' };

describe('service icons', () => {
  it('recognises a PNG by its first bytes', () => {
    expect(isPngBase64(toBase64([...PNG_HEADER, 0, 0, 0, 13]))).toBe(true);
    expect(isPngBase64(toBase64([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0]))).toBe(false);
    expect(isPngBase64(toBase64([0x89, 0x50]))).toBe(false);
  });

  it('computes the decoded size from the text', () => {
    for (const size of [1, 2, 3, 4, 100]) {
      expect(base64DecodedLength(toBase64(new Array<number>(size).fill(7)))).toBe(size);
    }
  });

  it('accepts a service without an icon or with a small PNG', () => {
    expect(serviceInputSchema.safeParse(valid).success).toBe(true);
    expect(serviceInputSchema.safeParse({ ...valid, listIcon: null }).success).toBe(true);
    expect(serviceInputSchema.safeParse({ ...valid, listIcon: toBase64([...PNG_HEADER, 1, 2, 3]) }).success).toBe(true);
  });

  it('refuses other content, malformed base64 and icons over the limit', () => {
    const message = (listIcon: string) =>
      serviceInputSchema.safeParse({ ...valid, listIcon }).error?.issues.map((issue) => issue.message);
    expect(message(toBase64([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0]))).toEqual([SERVICE_ICON_ERROR.notPng]);
    expect(message('iVBORw0KGgo*')).toEqual([SERVICE_ICON_ERROR.notPng]);
    const big = toBase64([...PNG_HEADER, ...new Array<number>(SERVICE_ICON_MAX_BYTES).fill(0)]);
    expect(message(big)).toEqual([SERVICE_ICON_ERROR.tooLarge]);
    const exact = toBase64([...PNG_HEADER, ...new Array<number>(SERVICE_ICON_MAX_BYTES - PNG_HEADER.length).fill(0)]);
    expect(serviceInputSchema.safeParse({ ...valid, listIcon: exact }).success).toBe(true);
  });

  it('requires a #RRGGBB colour', () => {
    expect(serviceInputSchema.safeParse({ ...valid, color: 'blue' }).success).toBe(false);
    expect(serviceInputSchema.safeParse({ ...valid, color: '#abc' }).success).toBe(false);
  });
});
