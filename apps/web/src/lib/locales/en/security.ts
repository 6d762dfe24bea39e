/** Texts of the security area. */
export const security = {
  title: 'security',
} as const;
