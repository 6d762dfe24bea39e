/** "Ada Lovelace" → "AL": the avatar's text when there is no picture. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
