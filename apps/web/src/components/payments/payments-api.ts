import {
  paymentConfirmResultSchema,
  paymentsConfigSchema,
  type PaymentConfirmResult,
  type TestProcessorConfirmInput,
} from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const paymentsConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => api.get('/company/payments/config', { schema: paymentsConfigSchema, signal }),
  // The provider is fixed while the server runs.
  staleTime: Infinity,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions);
}

/** The test processor's confirm: the outcome the form decided, the last four digits and the brand only. */
export function confirmTestPayment(input: TestProcessorConfirmInput): Promise<PaymentConfirmResult> {
  return api.post('/company/payments/test-processor/confirm', { body: input, schema: paymentConfirmResultSchema });
}
