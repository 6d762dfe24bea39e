import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { altchaPayload, solveAltchaChallenge } from './altcha-solver';

const SECRET = 'test-hmac-secret';

// The server's own library issues and verifies: the solver must agree with it byte for byte.
describe('ALTCHA v2 solver', () => {
  it.each([
    ['SHA-256', 1, sha],
    ['SHA-256', 3, sha],
    ['PBKDF2/SHA-256', 10, pbkdf2],
  ] as const)('solves a %s challenge (cost %i) that altcha-lib verifies', async (algorithm, cost, deriveKey) => {
    const challenge = await createChallenge({
      algorithm,
      cost,
      counter: randomInt(2_000),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: SECRET,
    });
    const solution = await solveAltchaChallenge(challenge);
    expect(solution).not.toBeNull();
    const result = await verifySolution({
      challenge,
      solution: solution!,
      deriveKey,
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: SECRET,
    });
    expect(result.verified).toBe(true);
    const decoded = JSON.parse(atob(altchaPayload(challenge, solution!))) as { solution: unknown };
    expect(decoded.solution).toEqual(solution);
  });

  it('stops when aborted', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 1_000, deriveKey: sha });
    const controller = new AbortController();
    controller.abort();
    await expect(solveAltchaChallenge(challenge, controller.signal)).resolves.toBeNull();
  });
});
