import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("turns zod's jitless option on without importing zod, so it never probes eval under the CSP", async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
