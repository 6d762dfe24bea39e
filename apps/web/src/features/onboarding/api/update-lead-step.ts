import type {
  LeadClientInformationInput,
  LeadGeneralInfoInput,
  LeadIntakeAnswersInput,
  LeadQuoteInput,
} from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadPath, onboardingKeys } from './onboarding-keys';

/**
 * The wizard's step submissions (spec 03 section 7: updateLeadGeneralInfo, updateLeadIntakeInterviewAnswers,
 * updateLeadQuote, updateLeadContract, updateLeadClientInformation): each advances the lead's status,
 * after which the lead is read again (spec 03 section 4).
 */
export type LeadStepUpdate =
  | { step: 'general-info'; body: LeadGeneralInfoInput }
  | { step: 'intake-interview-answers'; body: LeadIntakeAnswersInput }
  | { step: 'quote'; body: LeadQuoteInput }
  | { step: 'contract' }
  | { step: 'client-information'; body: LeadClientInformationInput };

/**
 * `version`: the lead's version this window loaded, sent as If-Match: a step saved in another window
 * since answers 412 (issue 21), so no window overwrites another's answers or accepts a contract it
 * did not show.
 */
export function updateLeadStep(idHash: string, update: LeadStepUpdate & { version?: string }) {
  return api.put(`${leadPath(idHash)}/${update.step}`, {
    body: 'body' in update ? update.body : undefined,
    ifMatch: update.version,
  });
}

export function useUpdateLeadStep(idHash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: LeadStepUpdate & { version?: string }) => updateLeadStep(idHash, update),
    // The client-information step closes the wizard; reading the lead again would only show it closed.
    onSuccess: (_result, update) =>
      update.step === 'client-information'
        ? undefined
        : queryClient.invalidateQueries({ queryKey: onboardingKeys.lead(idHash) }),
  });
}
