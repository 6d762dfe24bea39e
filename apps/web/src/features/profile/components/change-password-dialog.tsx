/** The change-password dialog of the avatar menu (spec 01 sections 2.5, 5, 8). */
export function ChangePasswordDialog(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
