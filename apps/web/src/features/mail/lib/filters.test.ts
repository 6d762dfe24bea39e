import { describe, expect, it } from 'vitest';
import { toApiFilters } from './filters';

describe('mail filters', () => {
  it('keeps known statuses and kinds, trims the recipient and turns days into a half-open range', () => {
    const api = toApiFilters({
      status: 'failed',
      kind: 'password-reset',
      recipient: '  jane@ ',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(api.status).toBe('failed');
    expect(api.kind).toBe('password-reset');
    expect(api.recipient).toBe('jane@');
    expect(new Date(api.to!).getTime() - new Date(api.from!).getTime()).toBe(2 * 24 * 60 * 60 * 1000);
  });

  it('drops what the URL may hold but the API does not know', () => {
    expect(toApiFilters({ status: 'lost', kind: 'spam', recipient: ' ', from: 'nonsense' })).toEqual({
      status: undefined,
      kind: undefined,
      recipient: undefined,
      from: undefined,
      to: undefined,
    });
  });
});
