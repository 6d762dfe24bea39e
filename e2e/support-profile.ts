/** A real 48x48 PNG, as a user would pick it from disk. */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAOklEQVRYw+3OQQ0AAAgEoGtkCXOa1RbOBxsBSE2/' +
    'EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwvbkpmI7BDRNwAAAABJRU5ErkJggg==',
  'base64',
);

/** Only profile.spec.ts signs in as this user: it edits the user's name and picture. */
export const PROFILE_USER = { login: 'b1g3_supervisor@gmail.com', password: 'Group3' } as const;

/** Only password-reset.spec.ts signs in as this user: it resets the user's password. */
export const RESET_USER = { login: 'b1g3_employee@gmail.com', password: 'Group3' } as const;
