import { z } from 'zod';
import { passwordSchema } from '../common/password.schema.js';
import { TEXT_LIMIT } from '../common/constants.js';
import { idSchema } from '../common/list.schema.js';

/** A reset link works once and for this long (spec 01 section 4.6; DESIGN.md section 5). */
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 30;

/** Codes of the reset flow's refusals; the web app sends the user back to request a new link on any of them. */
export const PASSWORD_RESET_ERROR_CODE = {
  tokenUnusable: 'RESET_TOKEN_UNUSABLE',
} as const;

/** A password someone chooses: the shared pattern (at least 6 characters, an uppercase letter, a digit). */
export const newPasswordSchema = passwordSchema;

/** Adds the "confirmation equals the password" rule to a form holding `password` and `confirmPassword`. */
export function withMatchingConfirmation<T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
}

/** `POST identity/account/send-reset-password-email`. */
export const sendResetPasswordEmailInputSchema = z.object({
  emailAddress: z.string().trim().min(1).max(TEXT_LIMIT.email).pipe(z.email()),
});
export type SendResetPasswordEmailInput = z.infer<typeof sendResetPasswordEmailInputSchema>;

/** Result types: RESET_EMAIL_RESULT (1 sent, 2 not a registered e-mail, 3 deactivated user). */
export const sendResetPasswordEmailResultSchema = z.object({
  resultType: z.number().int(),
  errorMessage: z.string().nullable(),
});
export type SendResetPasswordEmailResult = z.infer<typeof sendResetPasswordEmailResultSchema>;

const resetTokenSchema = z.string().trim().min(1).max(TEXT_LIMIT.token);

/** `GET identity/account/is-forgot-password-token-usable?token&userId` answers a bare boolean. */
export const forgotPasswordTokenQuerySchema = z.object({ token: resetTokenSchema, userId: idSchema });
export type ForgotPasswordTokenQuery = z.infer<typeof forgotPasswordTokenQuerySchema>;

/** The new-password form of the page the e-mailed link opens. */
export const newPasswordFormSchema = withMatchingConfirmation(
  z.object({ password: newPasswordSchema, confirmPassword: z.string().min(1).max(TEXT_LIMIT.password) }),
);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** `POST identity/account/reset-password`. */
export const resetPasswordInputSchema = withMatchingConfirmation(
  z.object({
    userId: idSchema,
    token: resetTokenSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1).max(TEXT_LIMIT.password),
  }),
);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
