import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/clients?page=2', '/clients?page=2'],
    ['/received-docs?serviceId=1&tagId=2#top', '/received-docs?serviceId=1&tagId=2#top'],
    ['/', '/'],
  ])('follows the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'clients',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/login?redirect=/clients',
  ])('falls back to / for %s', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
