/**
 * The one English catalogue: every text the user can see lives here, so wording the firm's users
 * already know (DESIGN.md section 7) is changed in one place and browser tests can rely on it.
 */
export const en = {
  app: {
    firmName: 'Ledgerport',
    loading: 'Loading…',
    comingSoon: 'This screen is coming soon.',
  },
  nav: {
    label: 'Main',
    toggle: 'Toggle navigation',
    home: 'Home',
    receivedDocs: 'Received docs',
    myUploads: 'My uploads',
    clients: 'Clients',
    invitations: 'Invitations',
    users: 'Users',
    leads: 'Leads',
    bookkeeping: 'Bookkeeping',
    companies: 'Companies',
    contractors: '1099 Form',
    reconciliations: 'Reconciliations',
    administration: 'Administration',
    roles: 'Roles',
    services: 'Services',
    tags: 'Tags',
    announcements: 'Announcements',
    coupons: 'Coupons',
    uploadDocument: 'Upload document',
    terms: 'Terms and conditions',
  },
  pages: {
    profile: 'Profile',
    accounts: 'Accounts',
    editClient: 'Edit client',
    leadDetails: 'Lead details',
    companyDetails: 'Company details',
    transactions: 'Transactions',
    register: 'Register',
    resetPassword: 'Reset password',
    forgotPassword: 'Change password',
    companyFormationResident: 'Resident company formation',
    companyFormationNonResident: 'Non-resident company formation',
    customerOnboarding: 'Customer onboarding',
    taxPlanning: 'Tax planning',
  },
  dashboard: {
    welcome: 'Welcome, {{firstName}}!',
  },
  header: {
    userMenu: 'Open user menu',
    profile: 'Profile',
    accounts: 'Accounts',
    logout: 'Log out',
  },
  auth: {
    login: {
      title: 'Login',
      username: 'Username or email',
      password: 'Password',
      showPassword: 'Show password',
      submit: 'Log in',
      forgotPassword: 'Forgot password?',
    },
    validation: {
      usernameRequired: 'Please enter your username or email address',
      passwordRequired: 'Please enter your password',
      tooLong: 'This value is too long',
    },
    errors: {
      incorrectCredentials: 'Username or password is incorrect',
      deactivated: 'Your account has been deactivated. Please contact the administrator.',
      tooManyAttempts_one: 'Too many sign-in attempts. Try again in {{count}} minute.',
      tooManyAttempts_other: 'Too many sign-in attempts. Try again in {{count}} minutes.',
    },
  },
  accounts: {
    chooser: {
      title: 'Choose account',
      groupLabel: 'Select the account you want to work with',
      continue: 'Continue',
    },
    switcher: {
      label: 'Switch account',
    },
    type: {
      business: 'Business account',
      personal: 'Personal account',
    },
    noAccounts: 'There is no account linked to your user. Please contact the administrator.',
    selectFailed: "Couldn't select the account. Please try again.",
  },
  errors: {
    fetch: "An error occurred. Couldn't fetch data.",
    retry: 'Try again',
    unexpected: 'Something went wrong.',
    reload: 'Reload the page',
  },
  notifications: {
    close: 'Close notification',
  },
} as const;

export type Catalogue = typeof en;
