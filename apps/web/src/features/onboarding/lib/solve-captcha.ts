import type { AltchaChallengeDto } from '@ledgerport/shared';
import { solveAltchaChallenge, type AltchaSolution } from './altcha-solver';

/** Solves in a Web Worker where the browser has them, else on the main thread (it yields between tries). */
export function solveCaptcha(challenge: AltchaChallengeDto, signal: AbortSignal): Promise<AltchaSolution | null> {
  if (typeof Worker === 'undefined') return solveAltchaChallenge(challenge, signal);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      resolve(null);
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ solution?: AltchaSolution | null; error?: string }>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (event.data.error) reject(new Error(event.data.error));
      else resolve(event.data.solution ?? null);
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(challenge);
  });
}
