import { zodResolver } from '@hookform/resolvers/zod';
import { authenticateInputSchema, authenticateResultSchema } from '@ledgerport/shared';

/**
 * The zod side of signing in, loaded on demand so that /login paints without zod (see
 * `lazyResolver`). The shared contract decides what is valid; only the wording is the web app's.
 */
export { authenticateResultSchema };

export interface LoginMessages {
  usernameRequired: string;
  passwordRequired: string;
  tooLong: string;
}

export function createLoginResolver(messages: LoginMessages) {
  return zodResolver(authenticateInputSchema, {
    error: (issue) => {
      if (issue.code === 'too_big') return messages.tooLong;
      return issue.path?.[0] === 'password' ? messages.passwordRequired : messages.usernameRequired;
    },
  });
}
