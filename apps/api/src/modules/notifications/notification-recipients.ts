import { defaultDelivery, type NotificationDelivery, type NotificationKind } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { createNotificationPreferencesRepository } from './notification-preferences.repository.js';
import { createNotificationsRepository } from './notifications.repository.js';

export type NotificationRecipients = ReturnType<typeof createNotificationRecipients>;

/**
 * This module's rules for a module that tells a client's people something itself (the requests
 * module's daily reminder, which sends its own e-mail): who on the client's side hears of an object,
 * and how a person chose to get a kind by e-mail.
 */
export function createNotificationRecipients({ db }: { db: DbOrTx }) {
  const notifications = createNotificationsRepository({ db });
  const preferences = createNotificationPreferencesRepository({ db });
  return {
    /**
     * The client's owner and its active collaborators granted the service, as for every client-side
     * notification (notifications.repository `clientRecipients`).
     * @unscoped the job worker and staff actions find whom to tell from the client's own people
     */
    clientUsers(target: { clientId: number; serviceId: number }, tx: DbOrTx = db): Promise<number[]> {
      return notifications.clientRecipients(target, tx);
    },

    /** How a client user gets the kind by e-mail: their choice, or the default until they chose. */
    async clientDelivery(userId: number, kind: NotificationKind, tx: DbOrTx = db): Promise<NotificationDelivery> {
      const chosen = await preferences.deliveriesOf([userId], tx);
      return chosen.get(userId)?.[kind] ?? defaultDelivery(kind, true);
    },
  };
}
