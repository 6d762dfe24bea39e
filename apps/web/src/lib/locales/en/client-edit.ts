/** Texts of the edit-client screen. */
export const clientEdit = {} as const;
