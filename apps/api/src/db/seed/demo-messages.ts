import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { clients, conversationMessages, conversationReads, conversations, users } from '../schema/index.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';

/**
 * Two secure conversations of the b1g1 cohort's business client with its advisor (docs/messages.md),
 * so Messages is not empty on a fresh demo: one waiting on the firm, one closed. After the app is
 * built, like the demo documents: the text is encrypted with the app's field key, which the main seed
 * does not have. The texts hold no digit run of four or more, so their search vectors are the texts.
 */
const DEMO_CLIENT = 'Batch1 Group1 LLC';

const DEMO_CONVERSATIONS: Array<{
  subject: string;
  status: 'open' | 'closed';
  /** [author, text, minutes ago], oldest first. */
  messages: Array<['client' | 'firm', string, number]>;
}> = [
  {
    subject: 'Estimated tax payments',
    status: 'open',
    messages: [
      ['client', 'Hello, do we need to make an estimated payment this quarter?', 60 * 26],
      ['firm', 'Yes, we will send you the amount once the books for the quarter are closed.', 60 * 25],
      ['client', 'Thanks. Could you also confirm the due date?', 45],
    ],
  },
  {
    subject: 'New bank account',
    status: 'closed',
    messages: [
      ['client', 'We opened a second checking account for payroll.', 60 * 24 * 6],
      ['firm', 'Noted: please connect it under Reconciliations so we receive its statements.', 60 * 24 * 5],
    ],
  },
];

export async function seedDemoMessages(db: Db, fieldCrypto: FieldCrypto): Promise<void> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, DEMO_CLIENT));
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['b1g1_client', 'b1g1_advisor']));
  const clientUserId = people.find((p) => p.username === 'b1g1_client')?.id;
  const advisorUserId = people.find((p) => p.username === 'b1g1_advisor')?.id;
  if (!client || clientUserId === undefined || advisorUserId === undefined) return;
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  await db.transaction(async (tx) => {
    for (const demo of DEMO_CONVERSATIONS) {
      const last = ago(demo.messages.at(-1)![2]);
      const [conversation] = await tx
        .insert(conversations)
        .values({
          clientId: client.id,
          subjectEncrypted: fieldCrypto.encrypt(demo.subject),
          status: demo.status,
          assigneeUserId: advisorUserId,
          createdByUserId: clientUserId,
          createdAt: ago(demo.messages[0]![2]),
          lastActivityAt: last,
          lastClientVisibleAt: last,
        })
        .returning({ id: conversations.id });
      const ids: Array<{ id: number; author: number }> = [];
      for (const [index, [side, text, minutesAgo]] of demo.messages.entries()) {
        const author = side === 'client' ? clientUserId : advisorUserId;
        const searchable = index === 0 ? `${demo.subject} ${text}` : text;
        const [message] = await tx
          .insert(conversationMessages)
          .values({
            conversationId: conversation!.id,
            authorUserId: author,
            htmlEncrypted: fieldCrypto.encrypt(`<p>${text}</p>`),
            searchVector: sql`to_tsvector('english', ${searchable})`,
            createdAt: ago(minutesAgo),
          })
          .returning({ id: conversationMessages.id });
        ids.push({ id: message!.id, author });
      }
      // Each side has read up to its own last message; the open one's last client message is new to the firm.
      for (const userId of [clientUserId, advisorUserId]) {
        const lastOwn = ids.filter((message) => message.author === userId).at(-1);
        if (!lastOwn) continue;
        await tx.insert(conversationReads).values({
          conversationId: conversation!.id,
          userId,
          lastReadMessageId: lastOwn.id,
          seenAt: ago(demo.messages[ids.indexOf(lastOwn)]![2]),
        });
      }
    }
  });
}
