import { eq } from 'drizzle-orm';
import { mailMessages } from '../../../db/schema/index.js';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';

/** A message whose delivery failed, with a body: one per call, so each actor's resend finds it failed. */
async function failedMessage(f: MatrixFixture): Promise<number> {
  const [row] = await f.db
    .insert(mailMessages)
    .values({
      messageId: `<matrix-${Math.random().toString(36).slice(2)}@ledgerport.test>`,
      template: 'invitation',
      toAddress: 'matrix-mail@example.com',
      subject: 'Matrix',
      html: '<p>Matrix</p>',
      text: 'Matrix',
      status: 'failed',
      attempts: 8,
      lastError: 'refused',
    })
    .returning({ id: mailMessages.id });
  return row!.id;
}

/** The Mail screen is the firm's admin tool: admin only in the default matrix (mail:list, mail:resend). */
export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/identity/mail/messages', expect: only({ admin: 200 }) },
  {
    method: 'POST',
    route: '/api/v1/identity/mail/messages/:id/resend',
    url: async (f) => `/api/v1/identity/mail/messages/${await failedMessage(f)}/resend`,
    expect: only({ admin: 200 }),
  },
  {
    // Registered outside production only (the matrix app runs with NODE_ENV=test).
    method: 'GET',
    route: '/api/v1/identity/mail/messages/:id/body',
    url: async (f) => {
      const id = await failedMessage(f);
      await f.db.update(mailMessages).set({ status: 'kept' }).where(eq(mailMessages.id, id));
      return `/api/v1/identity/mail/messages/${id}/body`;
    },
    expect: only({ admin: 200 }),
  },
];
