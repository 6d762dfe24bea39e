import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VERIFIED_TOKEN_CACHE_ENTRIES, createAccessTokens } from '../tokens.js';

const secret = () => randomBytes(32).toString('hex');

describe('access tokens, verified once per process', () => {
  it('refuses a remembered token once it has expired, and an unseen one past its expiry', async () => {
    // A clock the test moves on, instead of waiting for the token's lifetime to pass.
    let nowMs = Date.UTC(2026, 0, 5, 9, 0, 0);
    const tokens = createAccessTokens({ secret: secret(), ttlSeconds: 60, now: () => nowMs });
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' });
    const unseen = await tokens.sign({ userId: 8, sessionId: 's-2' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    nowMs += 59_000;
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    nowMs += 1_000;
    expect(await tokens.verify(token)).toBeNull();
    // Never verified before, so checked by its signature and `exp` against the same clock.
    expect(await tokens.verify(unseen)).toBeNull();
  });

  it('refuses an altered copy of a remembered token and one signed with another secret', async () => {
    const tokens = createAccessTokens({ secret: secret(), ttlSeconds: 60 });
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' }),
    );
    expect(await tokens.verify(`${header}.${forged.toString('base64url')}.${signature}`)).toBeNull();
    const elsewhere = createAccessTokens({ secret: secret(), ttlSeconds: 60 });
    expect(await elsewhere.verify(token)).toBeNull();
  });

  it('keeps verifying correctly past the number of tokens it remembers', async () => {
    const tokens = createAccessTokens({ secret: secret(), ttlSeconds: 60 });
    const first = await tokens.sign({ userId: 1, sessionId: 'first' });
    expect(await tokens.verify(first)).not.toBeNull();
    const many = await Promise.all(
      Array.from({ length: VERIFIED_TOKEN_CACHE_ENTRIES + 1 }, (_, i) =>
        tokens.sign({ userId: i + 2, sessionId: `s-${i}` }),
      ),
    );
    for (const token of many) await tokens.verify(token);
    expect(await tokens.verify(first)).toEqual({ userId: 1, sessionId: 'first' });
    expect(await tokens.verify('not-a-token')).toBeNull();
  });
});
