/** Texts of the reconciliation area. */
export const reconciliation = {
  title: 'reconciliation',
} as const;
