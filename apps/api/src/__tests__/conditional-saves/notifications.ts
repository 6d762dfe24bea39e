import { NOTIFICATION_KIND } from '@ledgerport/shared';
import type { CaseModule } from './harness.js';

const ME = '/api/v1/identity/users/me';

/** Conditional saves of a person's notification preferences; the bell's own marks need none. */
export const notificationsCases: CaseModule = {
  cases: [
    {
      // Two tabs of one person, both opened before the first save (version "0"): the rows meet too.
      route: `PUT ${ME}/notification-preferences`,
      make: async () => ({
        get: `${ME}/notification-preferences`,
        method: 'PUT',
        url: `${ME}/notification-preferences`,
        bodies: [
          { kinds: [{ kind: NOTIFICATION_KIND.documentUploaded, delivery: 'immediately' }], digestHour: 7 },
          { kinds: [{ kind: NOTIFICATION_KIND.documentUploaded, delivery: 'inAppOnly' }], digestHour: 18 },
        ],
      }),
    },
  ],
  guarded: {
    [`PUT ${ME}/notifications/:id/read`]: 'marks the caller’s own notification read: the same outcome whoever is first',
    [`PUT ${ME}/notifications/read-all`]: 'marks the caller’s own notifications read: nothing is overwritten',
    'PUT /api/v1/document/clients/:id/follow': 'the caller’s own following, idempotent: nothing of the client changes',
    'DELETE /api/v1/document/clients/:id/follow':
      'the caller’s own following, idempotent: nothing of the client changes',
  },
  pending: [],
};
