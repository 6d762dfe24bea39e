/** Contract: The public customer onboarding wizard (spec 03). */
export {};
