/** Texts of the companies area. */
export const companies = {
  title: 'companies',
} as const;
