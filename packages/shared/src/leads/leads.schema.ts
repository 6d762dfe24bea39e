/** Contract: Leads list, details, export and delete; lead onboarding after sign-in (spec 02, spec 01 section 4.4). */
export {};
