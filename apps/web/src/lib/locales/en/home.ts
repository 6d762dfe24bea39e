/** Texts of the home area. */
export const home = {} as const;
