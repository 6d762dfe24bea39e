import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { conversationMessages, conversations } from '../../../db/schema/index.js';
import type { FieldCrypto } from '../../../lib/field-crypto.js';

/**
 * A conversation written straight to the tables with one message (encrypted as the API stores it),
 * for tests of scope and status that need not go through the routes.
 */
export async function insertConversation(
  db: Db,
  fieldCrypto: FieldCrypto,
  {
    clientId,
    authorUserId,
    subject = 'Fixture conversation',
    text = 'A fixture message',
    isInternalNote = false,
  }: { clientId: number; authorUserId: number; subject?: string; text?: string; isInternalNote?: boolean },
): Promise<{ id: number; messageId: number }> {
  const [conversation] = await db
    .insert(conversations)
    .values({ clientId, subjectEncrypted: fieldCrypto.encrypt(subject), createdByUserId: authorUserId })
    .returning({ id: conversations.id });
  const [message] = await db
    .insert(conversationMessages)
    .values({
      conversationId: conversation!.id,
      authorUserId,
      isInternalNote,
      htmlEncrypted: fieldCrypto.encrypt(`<p>${text}</p>`),
      searchVector: sql`to_tsvector('english', ${`${subject} ${text}`})`,
    })
    .returning({ id: conversationMessages.id });
  return { id: conversation!.id, messageId: message!.id };
}
