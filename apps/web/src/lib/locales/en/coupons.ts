/** Texts of the coupons screen (spec 02 Coupons, sections 5 and 8). */
export const coupons = {
  title: 'Coupons',
  actions: {
    create: 'Create new coupon',
    activate: 'Activate coupon {{title}}',
    deactivate: 'Deactivate coupon {{title}}',
  },
  columns: {
    title: 'Title',
    code: 'Code',
    discountValue: 'Discount value',
    expirationDate: 'Expiration date',
    creationDate: 'Creation date',
    actions: 'Actions',
  },
  discount: {
    percentage: '%{{value}}',
    fixed: '${{value}}',
  },
  form: {
    title: 'Create new coupon',
    couponTitle: 'Title',
    code: 'Code',
    discountType: 'Discount type',
    percentage: 'Percentage',
    fixed: 'Fixed',
    discountValue: 'Discount value',
    expirationDate: 'Expiration date',
    clearExpirationDate: 'Clear expiration date',
    submit: 'Create',
  },
  validation: {
    codeCharacters: 'Use only letters, digits, - and _',
    percentageOver100: 'A percentage cannot be more than 100',
    expirationInPast: 'The expiration date cannot be earlier than today',
  },
  confirm: {
    activateTitle: 'Activate coupon',
    activate: 'Are you sure you want to activate the coupon {{title}}?',
    deactivateTitle: 'Deactivate coupon',
    deactivate: 'Are you sure you want to deactivate the coupon {{title}}?',
  },
  messages: {
    fetchError: "An error occurred. Couldn't fetch data.",
    created: '{{title}} has been created successfully',
    createError: 'An error occurred. Coupon could not be created',
    activated: '{{title}} has been activated successfully',
    deactivated: '{{title}} has been deactivated successfully',
    activateError: 'An error occurred. Coupon could not be activated',
    deactivateError: 'An error occurred. Coupon could not be deactivated',
    codeTaken: '{{code}} is already taken. Try another.',
    changedMeanwhile:
      '{{title}} was changed by someone else after the list was loaded, so nothing was changed: the list now shows it as it is.',
  },
} as const;
