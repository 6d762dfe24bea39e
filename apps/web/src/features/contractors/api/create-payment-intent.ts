import { contractorPaymentIntentResultSchema } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** createStripePaymentIntentForMyCurrentClientContractors: the server prices the current client's unpaid contractors. */
export function createContractorsPaymentIntent() {
  return api.post('/document/contractors/payment-intent', { schema: contractorPaymentIntentResultSchema });
}

export function useCreateContractorsPaymentIntent() {
  return useMutation({ mutationFn: createContractorsPaymentIntent });
}
