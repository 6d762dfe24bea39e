/** The signed-in user's profile (the user menu shows its name and picture). */
export const ME_PATH = '/identity/users/me';

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  /** Under `me`, so invalidating the profile after a save refreshes every size of the picture too. */
  myPicture: (size: number) => [...profileKeys.me(), 'picture', size] as const,
};
