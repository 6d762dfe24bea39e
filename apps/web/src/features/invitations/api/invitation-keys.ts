import type { InvitationListQuery } from '@ledgerport/shared';

export type InvitationsListQuery = Partial<InvitationListQuery>;

export const invitationKeys = {
  all: ['invitations'] as const,
  /** The register page's check of its link. */
  registrationToken: (token: string) => [...invitationKeys.all, 'registration-token', token] as const,
  list: (query: InvitationsListQuery) => [...invitationKeys.all, 'list', query] as const,
  senders: (text: string) => [...invitationKeys.all, 'senders', text] as const,
};
