import { z } from 'zod';
import { REMINDER_CADENCE_DEFAULTS, REMINDER_LIMITS, type ReminderCadence } from '../requests/reminders.schema.js';

/** TOTP per RFC 6238 as the firm's authenticator apps expect it (issue 11). */
export const TWO_FACTOR = {
  /** Seconds per time step. */
  periodSeconds: 30,
  digits: 6,
  /** Steps of clock skew accepted either side of now. */
  skewSteps: 1,
  recoveryCodeCount: 10,
  /** Wrong codes (TOTP or recovery) a user may enter in the window before 429. */
  maxFailures: 5,
  failureWindowSeconds: 15 * 60,
  /** The sign-in challenge between the password and the code. */
  challengeTtlSeconds: 5 * 60,
} as const;

export const TWO_FACTOR_ERROR_CODE = {
  /** The caller's group must use two-factor sign-in and they have not enrolled yet. */
  enrollmentRequired: 'TWO_FACTOR_ENROLLMENT_REQUIRED',
  invalidCode: 'TWO_FACTOR_CODE_INVALID',
  /** The sign-in challenge is unknown, spent or older than five minutes: start again with the password. */
  challengeInvalid: 'TWO_FACTOR_CHALLENGE_INVALID',
  alreadyEnabled: 'TWO_FACTOR_ALREADY_ENABLED',
  notEnabled: 'TWO_FACTOR_NOT_ENABLED',
  noEnrolmentStarted: 'TWO_FACTOR_ENROLMENT_NOT_STARTED',
  passwordIncorrect: 'TWO_FACTOR_PASSWORD_INCORRECT',
} as const;

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');
/** Recovery codes are shown as `xxxxx-xxxxx`; case, spaces and the dash do not matter when typed. */
const recoveryCode = z.string().trim().min(10).max(32);

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesRemaining: z.number().int(),
  /** The firm requires two-factor sign-in for the caller's group. */
  required: z.boolean(),
  /** Required and not enrolled: every other API route answers 403 until they enrol. */
  mustEnroll: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmInputSchema = z.object({ code: totpCode });
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmInputSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Disabling needs proof of presence: a current code or the password. */
export const twoFactorDisableInputSchema = z
  .object({ code: totpCode.optional(), password: z.string().min(1).max(128).optional() })
  .refine((value) => Boolean(value.code) !== Boolean(value.password), {
    message: 'Give either a code or the password',
  });
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableInputSchema>;

/** The second sign-in step: a code from the app or one recovery code. */
export const twoFactorSignInInputSchema = z
  .object({
    challengeToken: z.string().min(1).max(256),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((value) => Boolean(value.code) !== Boolean(value.recoveryCode), {
    message: 'Give either a code or a recovery code',
  });
export type TwoFactorSignInInput = z.infer<typeof twoFactorSignInInputSchema>;

export const SESSION_LIMITS = {
  idleMinutes: { min: 5, max: 24 * 60 },
  absoluteHours: { min: 1, max: 30 * 24 },
} as const;

export const FIRM_SETTINGS_DEFAULTS = {
  twoFactorRequiredForStaff: false,
  twoFactorRequiredForClients: false,
  sessionIdleMinutesStaff: 30,
  sessionIdleMinutesClients: 60,
  sessionAbsoluteHours: 12,
  reminderDaysBefore: REMINDER_CADENCE_DEFAULTS.daysBefore,
  reminderOnDueDate: REMINDER_CADENCE_DEFAULTS.onDueDate,
  reminderEveryDaysOverdue: REMINDER_CADENCE_DEFAULTS.everyDaysOverdue,
  reminderMaxCount: REMINDER_CADENCE_DEFAULTS.maxCount,
  messagesServiceId: null,
} as const;

const whole = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);
const idleMinutes = z.number().int().min(SESSION_LIMITS.idleMinutes.min).max(SESSION_LIMITS.idleMinutes.max);

export const firmSettingsSchema = z.object({
  twoFactorRequiredForStaff: z.boolean(),
  twoFactorRequiredForClients: z.boolean(),
  sessionIdleMinutesStaff: idleMinutes,
  sessionIdleMinutesClients: idleMinutes,
  sessionAbsoluteHours: z.number().int().min(SESSION_LIMITS.absoluteHours.min).max(SESSION_LIMITS.absoluteHours.max),
  /** The default reminder cadence of every request that has none of its own (docs/requests.md#reminders). */
  reminderDaysBefore: whole(REMINDER_LIMITS.daysBefore),
  reminderOnDueDate: z.boolean(),
  reminderEveryDaysOverdue: whole(REMINDER_LIMITS.everyDaysOverdue),
  reminderMaxCount: whole(REMINDER_LIMITS.maxCount),
  /** The active service a secure message's attachments are filed under when the sender chooses none. */
  messagesServiceId: z.number().int().positive().nullable(),
});
export type FirmSettings = z.infer<typeof firmSettingsSchema>;

/** The firm's default reminder cadence, out of its settings. */
export function firmReminderCadence(settings: FirmSettings): ReminderCadence {
  return {
    daysBefore: settings.reminderDaysBefore,
    onDueDate: settings.reminderOnDueDate,
    everyDaysOverdue: settings.reminderEveryDaysOverdue,
    maxCount: settings.reminderMaxCount,
  };
}
/** The settings as the API answers them, with their version for If-Match ("0" until first saved). */
export const firmSettingsDtoSchema = firmSettingsSchema.extend({ version: z.string() });
export type FirmSettingsDto = z.infer<typeof firmSettingsDtoSchema>;
