import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { insertPayment } from './payments-fixtures.js';

// All public (payments.public-routes.ts): the matrix app runs the test processor, so the Stripe
// webhook answers 404 to everyone and the confirm accepts anyone holding a client secret.
const BASE = '/api/v1/company/payments';

export const rows: MatrixRow[] = [
  { method: 'GET', route: `${BASE}/config`, expect: all(200) },
  {
    method: 'POST',
    route: `${BASE}/test-processor/confirm`,
    body: async (f) => ({
      clientSecret: (await insertPayment(f.db)).clientSecret,
      outcome: 'succeeded',
      last4: '4242',
      brand: 'visa',
    }),
    expect: all(200),
  },
  { method: 'POST', route: `${BASE}/stripe/webhook`, body: () => ({ id: 'evt_matrix' }), expect: all(404) },
];
