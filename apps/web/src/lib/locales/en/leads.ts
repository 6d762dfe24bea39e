/** Texts of the leads area. */
export const leads = {
  title: 'leads',
} as const;
