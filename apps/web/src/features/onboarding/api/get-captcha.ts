import { altchaChallengeDtoSchema, captchaSettingsDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ONBOARDING_BASE, onboardingKeys } from './onboarding-keys';

/** Which captcha the server checks: ALTCHA (self-hosted, default) or reCAPTCHA with its site key. */
export function useCaptchaSettings() {
  return useQuery({
    queryKey: onboardingKeys.captcha(),
    queryFn: ({ signal }) => api.get(`${ONBOARDING_BASE}/captcha`, { schema: captchaSettingsDtoSchema, signal }),
    staleTime: Infinity,
  });
}

/** A fresh signed ALTCHA challenge: each one can be used once, so it is never cached. */
export function getAltchaChallenge(signal?: AbortSignal) {
  return api.get(`${ONBOARDING_BASE}/captcha/challenge`, { schema: altchaChallengeDtoSchema, signal });
}
