// The second sign-in step: the caller has no session yet, only the challenge token from the password
// step (256 random bits, five minutes, single use); wrong codes are limited per user, not per IP.
export const publicRoutes: string[] = ['POST /api/v1/authentication/account/authenticate/two-factor'];
