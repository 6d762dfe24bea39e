/** Texts of the coupons screen (issue 7). */
export const coupons = {
  title: 'coupons',
} as const;
