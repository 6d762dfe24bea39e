export const ONBOARDING_BASE = '/document/onboarding';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  lookup: (kind: string) => [...onboardingKeys.all, 'lookup', kind] as const,
  captcha: () => [...onboardingKeys.all, 'captcha'] as const,
  lead: (idHash: string) => [...onboardingKeys.all, 'lead', idHash] as const,
  servicePlans: (idHash: string) => [...onboardingKeys.lead(idHash), 'service-plans'] as const,
};

export const leadPath = (idHash: string) => `${ONBOARDING_BASE}/leads/${encodeURIComponent(idHash)}`;
