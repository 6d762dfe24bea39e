export const invitationKeys = {
  all: ['invitations'] as const,
  /** The register page's check of its link. */
  registrationToken: (token: string) => [...invitationKeys.all, 'registration-token', token] as const,
};
