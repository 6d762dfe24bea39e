/** Texts of the onboarding area. */
export const onboarding = {
  title: 'onboarding',
} as const;
