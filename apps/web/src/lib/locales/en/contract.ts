/**
 * The web app's words for every message the shared contract raises, grouped like the contract's
 * `*_VALIDATION` objects (lib/contract-messages.ts pairs them). `$t(...)` reuses a text that already
 * exists elsewhere in the catalogue, so one wording is changed in one place.
 */
export const contract = {
  password: {
    tooCommon: '$t(common.validation.passwordTooCommon)',
  },
  phone: {
    format: '$t(common.validation.phone)',
  },
  user: {
    passwordsDoNotMatch: '$t(common.validation.passwordsDoNotMatch)',
    required: '$t(common.validation.required)',
    notAllowedForRole: '$t(users.validation.notAllowedForRole)',
    noSpaces: '$t(users.validation.noSpaces)',
  },
  client: {
    passwordsDoNotMatch: '$t(common.validation.passwordsDoNotMatch)',
    required: '$t(common.validation.required)',
  },
  clientEdit: {
    required: '$t(common.validation.required)',
    email: '$t(common.validation.email)',
    ssn: '$t(clientEdit.validation.socialSecurityNumber)',
    tin: '$t(clientEdit.validation.taxpayerIdentificationNumber)',
    zip: '$t(clientEdit.validation.zipCode)',
    birthDate: '$t(clientEdit.validation.birthDate)',
    tooLong: '$t(common.validation.tooLong)',
    id: '$t(common.validation.required)',
  },
  contractor: {
    required: '$t(common.validation.required)',
    invalidEin: '$t(contractors.validation.invalidEin)',
    invalidSsnOrItin: '$t(contractors.validation.invalidSsnOrItin)',
    zipFiveDigits: '$t(contractors.validation.zipFiveDigits)',
    totalPaymentZero: '$t(contractors.validation.totalPaymentZero)',
    totalPaymentInvalid: '$t(contractors.validation.totalPaymentInvalid)',
  },
  coupon: {
    codeCharacters: '$t(coupons.validation.codeCharacters)',
    twoDecimals: 'A discount value has at most two decimal places',
    percentageOver100: '$t(coupons.validation.percentageOver100)',
    expirationInPast: '$t(coupons.validation.expirationInPast)',
  },
  announcement: {
    required: '$t(common.validation.required)',
    invalidDate: '$t(announcements.validation.invalidDate)',
    expirationInPast: '$t(announcements.validation.expirationInPast)',
  },
  onboarding: {
    ownerNameRequired: '$t(common.validation.required)',
    passwordsDiffer: '$t(common.validation.passwordsDoNotMatch)',
    einFormat: '$t(onboarding.createAccount.einFormat)',
  },
  formation: {
    required: '$t(common.validation.required)',
    invalidEmail: '$t(formation.validation.email)',
    zipFiveDigits: '$t(formation.validation.zipCode)',
    digitsOnly: '$t(formation.validation.digitsOnly)',
    shareOwnershipMax: '$t(formation.validation.shareOwnershipMax)',
    ssn: '$t(formation.validation.socialSecurityNumber)',
    titlesRequired: '$t(formation.validation.titles)',
    titlesOnlyForCorporation: 'Titles apply only to a Corporation',
    directorOnlyForCorporation: 'Only a Corporation has directors',
    otherIndustryRequired: '$t(common.validation.required)',
    countyNotInState: "The county does not belong to the registered agent's state",
    passportRequired: '$t(common.validation.required)',
    passportTooLarge: '$t(formation.validation.passportSize)',
    passportType: '$t(formation.validation.passportType)',
  },
  request: {
    required: '$t(common.validation.required)',
    invalidDate: '$t(announcements.validation.invalidDate)',
    dueDateInPast: 'The due date cannot be earlier than today',
    noItems: 'Add at least one item',
    tagsOnAnswerItem: 'An item that asks only for an answer has no tags',
  },
  requestSchedule: {
    required: '$t(common.validation.required)',
    dayOfMonth: 'Choose a day from 1 to 28',
    clientsRequired: 'Choose at least one client',
    serviceRequired: 'Choose the service whose clients get the request',
  },
  document: {
    mainTagRequired: '$t(documents.tagRule.mainTagRequired)',
    tagRequiredInGroup: '$t(documents.tagRule.tagRequiredInGroup)',
    oneTagPerGroup: '$t(documents.tagRule.oneTagPerGroup)',
    tagNotAvailable: '$t(documents.tagRule.tagNotAvailable)',
    displayNameNeedsOneFile: 'A document name can be given only when one file is uploaded',
  },
} as const;
