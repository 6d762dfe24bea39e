import type { MessageDto } from '@ledgerport/shared';
import { D, type CaseContext, type CaseModule } from './harness.js';

const BASE = `${D}/conversations`;

/** A conversation the admin started with the context's client: the admin wrote its first message. */
async function conversation({ created, clientId }: CaseContext): Promise<number> {
  return created(BASE, { clientId, subject: 'Conditional saves', html: '<p>First words</p>' });
}

/** Conditional saves of conversations (status, assignee) and of a message's edit by its author. */
export const messagesCases: CaseModule = {
  cases: [
    {
      route: `PUT ${BASE}/:id`,
      make: async (ctx) => {
        const id = await conversation(ctx);
        return {
          get: `${BASE}/${id}`,
          method: 'PUT',
          url: `${BASE}/${id}`,
          bodies: [{ status: 'closed' }, { assigneeUserId: ctx.admin.userId }],
        };
      },
    },
    {
      route: `PUT ${BASE}/:id/messages/:messageId`,
      make: async (ctx) => {
        const id = await conversation(ctx);
        const first = async () => {
          const response = await ctx.call(ctx.admin, 'GET', `${BASE}/${id}/messages`);
          return (response.json() as { items: MessageDto[] }).items[0]!;
        };
        const url = `${BASE}/${id}/messages/${(await first()).id}`;
        return {
          // No GET of one message: its row on the conversation's page.
          current: async () => {
            const message = await first();
            return { version: message.version, body: message };
          },
          method: 'PUT',
          url,
          bodies: [{ html: '<p>Mine</p>' }, { html: '<p>Theirs</p>' }],
        };
      },
    },
  ],
  guarded: {
    [`PUT ${BASE}/:id/read`]: 'moves the caller’s own read mark forward only: nothing is overwritten',
  },
  pending: [],
};
