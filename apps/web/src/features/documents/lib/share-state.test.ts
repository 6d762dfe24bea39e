import { describe, expect, it } from 'vitest';
import { shareState } from './share-state';

describe('shareState', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('is active until the expiry, expired from then on', () => {
    expect(shareState({ expiresAt: '2026-03-17T12:00:00Z', revokedAt: null }, now)).toBe('active');
    expect(shareState({ expiresAt: '2026-03-10T12:00:00Z', revokedAt: null }, now)).toBe('expired');
  });

  it('is revoked once revoked, even when it has also expired', () => {
    expect(shareState({ expiresAt: '2026-03-01T00:00:00Z', revokedAt: '2026-02-28T00:00:00Z' }, now)).toBe('revoked');
  });

  it('keeps sign-in links (no expiry) active', () => {
    expect(shareState({ expiresAt: null, revokedAt: null }, now)).toBe('active');
  });
});
