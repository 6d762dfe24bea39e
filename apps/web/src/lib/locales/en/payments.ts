/** Texts of the payments area. */
export const payments = {
  title: 'payments',
} as const;
