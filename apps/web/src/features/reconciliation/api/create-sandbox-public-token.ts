import { sandboxPublicTokenResultSchema, type SandboxPublicTokenBody } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/** The sandbox bank's sign-in: the same public token a real Link flow would hand back. */
export function createSandboxPublicToken(body: SandboxPublicTokenBody) {
  return api.post('/document/reconciliation/sandbox/public-token', { body, schema: sandboxPublicTokenResultSchema });
}
