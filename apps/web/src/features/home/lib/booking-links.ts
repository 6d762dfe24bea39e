/**
 * Where client users book an appointment (spec 01 section 2.10): the firm's booking pages of its
 * bookkeeping and tax departments. They are the firm's own pages, outside this app.
 */
export const BOOKING_LINKS = {
  bookkeeping: 'https://ledgerport.example/appointments/bookkeeping',
  tax: 'https://ledgerport.example/appointments/tax',
} as const;
