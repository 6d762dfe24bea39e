import type { DbOrTx } from '../../db/client.js';
import { createNotificationsRepository } from './notifications.repository.js';

export type ConversationSignals = ReturnType<typeof createConversationSignals>;

/**
 * For the messages module: tells every open stream allowed to see a conversation that it changed
 * (issue 23 item 4), so an open conversation and the inbox follow within seconds on every API
 * process, whether or not the change notified the person. Sent from inside the change's transaction:
 * nothing is said of a change rolled back.
 */
export function createConversationSignals({ db }: { db: DbOrTx }) {
  const repository = createNotificationsRepository({ db });
  return {
    changed(conversationId: number, change: { staffOnly: boolean }, tx: DbOrTx): Promise<void> {
      return repository.signalConversationChanged(conversationId, change, tx);
    },
  };
}
