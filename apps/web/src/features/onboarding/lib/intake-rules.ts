import {
  ONBOARDING_SERVICE,
  OTHER_INDUSTRY_VALUE,
  type LeadIntakeAnswersInput,
  type PublicLeadDto,
} from '@ledgerport/shared';

/** Yes/no questions are radio groups: their values are strings until sent. */
export type YesNo = 'yes' | 'no' | '';

/** The intake form as the controls hold it (select values are strings; '' is "not chosen"). */
export interface IntakeFormValues {
  industryId: string;
  otherIndustryName: string;
  annualSalesRangeId: string;
  employeeCountRangeId: string;
  services: string[];
  acquisitionChannelId: string;
  hasAnyReadyFinancialReport: YesNo;
  yearToGetTaxService: string;
  currentlyDoingBookkeeping: YesNo;
  yearToGetBookkeepingService: string;
  accountingSoftwareToolId: string;
  currentlyGettingPayrollService: YesNo;
}

export type IntakeField = keyof IntakeFormValues;

export const EMPTY_INTAKE: IntakeFormValues = {
  industryId: '',
  otherIndustryName: '',
  annualSalesRangeId: '',
  employeeCountRangeId: '',
  services: [],
  acquisitionChannelId: '',
  hasAnyReadyFinancialReport: '',
  yearToGetTaxService: '',
  currentlyDoingBookkeeping: '',
  yearToGetBookkeepingService: '',
  accountingSoftwareToolId: '',
  currentlyGettingPayrollService: '',
};

const chosen = (values: IntakeFormValues, service: number) => values.services.includes(String(service));

/** Which conditional questions show (spec 03 sections 4 and 5). */
export function intakeVisibility(values: IntakeFormValues) {
  const bookkeeping = chosen(values, ONBOARDING_SERVICE.bookkeeping);
  return {
    otherIndustryName: values.industryId === OTHER_INDUSTRY_VALUE,
    tax: chosen(values, ONBOARDING_SERVICE.tax),
    bookkeeping,
    accountingSoftwareTool: bookkeeping && values.currentlyDoingBookkeeping === 'yes',
    payroll: chosen(values, ONBOARDING_SERVICE.payroll),
  };
}

/** The fields left unanswered that spec 03 section 5 requires, given what else was answered. */
export function missingIntakeFields(values: IntakeFormValues): IntakeField[] {
  const show = intakeVisibility(values);
  const required: IntakeField[] = ['industryId', 'annualSalesRangeId', 'employeeCountRangeId', 'acquisitionChannelId'];
  if (show.otherIndustryName) required.push('otherIndustryName');
  if (show.tax) required.push('hasAnyReadyFinancialReport', 'yearToGetTaxService');
  if (show.bookkeeping) required.push('currentlyDoingBookkeeping', 'yearToGetBookkeepingService');
  if (show.accountingSoftwareTool) required.push('accountingSoftwareToolId');
  if (show.payroll) required.push('currentlyGettingPayrollService');
  const missing = required.filter((field) => {
    const value = values[field];
    return typeof value === 'string' && value.trim() === '';
  });
  if (values.services.length === 0) missing.push('services');
  return missing;
}

const id = (value: string) => (value === '' ? null : Number(value));
const yesNo = (value: YesNo) => (value === '' ? null : value === 'yes');

/**
 * What is sent: Other industry goes as `industryId: null` with its name; the answers of services not
 * chosen are sent empty, and so is the accounting tool when the user does no bookkeeping yet.
 */
export function toIntakePayload(values: IntakeFormValues): LeadIntakeAnswersInput {
  const show = intakeVisibility(values);
  return {
    industryId: show.otherIndustryName ? null : id(values.industryId),
    otherIndustryName: show.otherIndustryName ? values.otherIndustryName.trim() : null,
    annualSalesRangeId: Number(values.annualSalesRangeId),
    employeeCountRangeId: Number(values.employeeCountRangeId),
    services: values.services.map(Number),
    acquisitionChannelId: Number(values.acquisitionChannelId),
    hasAnyReadyFinancialReport: show.tax ? yesNo(values.hasAnyReadyFinancialReport) : null,
    yearToGetTaxService: show.tax ? id(values.yearToGetTaxService) : null,
    currentlyDoingBookkeeping: show.bookkeeping ? yesNo(values.currentlyDoingBookkeeping) : null,
    yearToGetBookkeepingService: show.bookkeeping ? id(values.yearToGetBookkeepingService) : null,
    accountingSoftwareToolId: show.accountingSoftwareTool ? id(values.accountingSoftwareToolId) : null,
    currentlyGettingPayrollService: show.payroll ? yesNo(values.currentlyGettingPayrollService) : null,
  };
}

const text = (value: number | null) => (value === null ? '' : String(value));
const answer = (value: boolean | null): YesNo => (value === null ? '' : value ? 'yes' : 'no');

/** The answers already given, when a lead is resumed at or after the intake step. */
export function intakeFromLead(answers: PublicLeadDto['intakeAnswers']): IntakeFormValues {
  if (!answers) return EMPTY_INTAKE;
  return {
    industryId: answers.otherIndustryName ? OTHER_INDUSTRY_VALUE : text(answers.industryId),
    otherIndustryName: answers.otherIndustryName ?? '',
    annualSalesRangeId: text(answers.annualSalesRangeId),
    employeeCountRangeId: text(answers.employeeCountRangeId),
    services: answers.services.map(String),
    acquisitionChannelId: text(answers.acquisitionChannelId),
    hasAnyReadyFinancialReport: answer(answers.hasAnyReadyFinancialReport),
    yearToGetTaxService: text(answers.yearToGetTaxService),
    currentlyDoingBookkeeping: answer(answers.currentlyDoingBookkeeping),
    yearToGetBookkeepingService: text(answers.yearToGetBookkeepingService),
    accountingSoftwareToolId: text(answers.accountingSoftwareToolId),
    currentlyGettingPayrollService: answer(answers.currentlyGettingPayrollService),
  };
}
