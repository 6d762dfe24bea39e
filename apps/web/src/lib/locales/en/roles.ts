/** Texts of the roles area. */
export const roles = {} as const;
