/** The send-invitation dialog of the avatar menu (spec 01 sections 2.5, 4.2, 8). */
export function SendInvitationDialog(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
