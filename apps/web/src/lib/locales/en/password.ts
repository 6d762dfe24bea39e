/** Texts of the password area: asking for a reset link and choosing a new password with it. */
export const password = {
  request: {
    intro: 'Enter the email address of your account and we will send you a link to reset your password.',
    email: 'Email',
    send: 'Send',
    sent: "We've sent you an email with a link to reset your password. Please check your email.",
    notRegistered: 'This email is not registered',
    deactivated: 'Your account has been deactivated. Please contact the administrator.',
    tooManyRequests: 'Too many requests. Please try again later.',
    failed: "Couldn't send the email. Please try again.",
    expiredTitle: 'Your session has expired',
    expired: 'The link to reset your password has expired or has already been used. Please ask for a new one.',
    backToLogin: 'Back to login',
  },
  change: {
    intro: 'Choose a new password for your account.',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    showPassword: 'Show password',
    submit: 'Change',
    checking: 'Checking your link…',
    success: 'Your password has been changed. Log in with your new password.',
  },
} as const;
