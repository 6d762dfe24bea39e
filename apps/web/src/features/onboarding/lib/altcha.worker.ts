import type { AltchaChallengeDto } from '@ledgerport/shared';
import { solveAltchaChallenge } from './altcha-solver';

/** Runs the proof of work off the main thread so the form stays responsive while it is solved. */
self.onmessage = (event: MessageEvent<AltchaChallengeDto>) => {
  solveAltchaChallenge(event.data).then(
    (solution) => self.postMessage({ solution }),
    (error: unknown) => self.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
