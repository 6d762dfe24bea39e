import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';

export const authenticateInputSchema = z.object({
  usernameOrEmailAddress: z.string().trim().min(1).max(TEXT_LIMIT.email),
  password: z.string().min(1).max(TEXT_LIMIT.password),
});
export type AuthenticateInput = z.infer<typeof authenticateInputSchema>;

export const jwtTokenSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type JwtToken = z.infer<typeof jwtTokenSchema>;

/** The session user of spec 01 section 3; roles are role names (e.g. "admin"). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  departmentId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  emailAddress: z.string(),
  roles: z.array(z.string()),
  isTaxEmployee: z.boolean(),
  isLeadOnboardingCompleted: z.boolean(),
  leadIdHash: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authenticateResultSchema = z.object({
  resultType: z.number().int(),
  errorMessage: z.string().nullable(),
  user: sessionUserSchema.extend({ jwtToken: jwtTokenSchema }).nullable(),
  permissions: z.array(z.string()),
  /**
   * Set only for a user with two-factor sign-in: resultType is 1 but there is no user, no token and
   * no session; finish with POST authentication/account/authenticate/two-factor and this token.
   */
  twoFactorRequired: z.boolean().optional(),
  challengeToken: z.string().optional(),
});
export type AuthenticateResult = z.infer<typeof authenticateResultSchema>;

export const refreshResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  permissions: z.array(z.string()),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;

/** Header that API clients (not the web app, which uses the cookie) send the refresh token in. */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
