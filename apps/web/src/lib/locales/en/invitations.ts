/** Texts of the invitations area. */
export const invitations = {} as const;
