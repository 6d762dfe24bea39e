import { ONBOARDING_SERVICE, OTHER_INDUSTRY_VALUE } from '@ledgerport/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_INTAKE,
  intakeFromLead,
  intakeVisibility,
  missingIntakeFields,
  toIntakePayload,
  type IntakeFormValues,
} from './intake-rules';

const TAX = String(ONBOARDING_SERVICE.tax);
const BOOKKEEPING = String(ONBOARDING_SERVICE.bookkeeping);
const PAYROLL = String(ONBOARDING_SERVICE.payroll);

const basics: IntakeFormValues = {
  ...EMPTY_INTAKE,
  industryId: '3',
  annualSalesRangeId: '2',
  employeeCountRangeId: '1',
  acquisitionChannelId: '4',
};

describe('intake questions: conditional rules (spec 03 section 5)', () => {
  it('requires industry, sales range, employee count, a service and the acquisition channel', () => {
    expect(missingIntakeFields(EMPTY_INTAKE).sort()).toEqual(
      ['acquisitionChannelId', 'annualSalesRangeId', 'employeeCountRangeId', 'industryId', 'services'].sort(),
    );
  });

  it('Other industry shows and requires its name, and sends industryId empty', () => {
    const other = { ...basics, industryId: OTHER_INDUSTRY_VALUE, services: [TAX] };
    expect(intakeVisibility(other).otherIndustryName).toBe(true);
    expect(missingIntakeFields(other)).toContain('otherIndustryName');
    const payload = toIntakePayload({ ...other, otherIndustryName: ' Falconry ' });
    expect(payload.industryId).toBeNull();
    expect(payload.otherIndustryName).toBe('Falconry');
    // A named industry sends no leftover other-industry name.
    expect(toIntakePayload({ ...basics, otherIndustryName: 'stale', services: [TAX] }).otherIndustryName).toBeNull();
  });

  it('tax asks for a ready financial report and the year', () => {
    const tax = { ...basics, services: [TAX] };
    expect(intakeVisibility(tax)).toMatchObject({ tax: true, bookkeeping: false, payroll: false });
    expect(missingIntakeFields(tax).sort()).toEqual(['hasAnyReadyFinancialReport', 'yearToGetTaxService']);
  });

  it('bookkeeping asks whether it is done now and the year; the tool only on yes', () => {
    const bookkeeping = { ...basics, services: [BOOKKEEPING] };
    expect(missingIntakeFields(bookkeeping).sort()).toEqual([
      'currentlyDoingBookkeeping',
      'yearToGetBookkeepingService',
    ]);
    const yes = { ...bookkeeping, currentlyDoingBookkeeping: 'yes' as const, yearToGetBookkeepingService: '2024' };
    expect(intakeVisibility(yes).accountingSoftwareTool).toBe(true);
    expect(missingIntakeFields(yes)).toEqual(['accountingSoftwareToolId']);
    const no = { ...yes, currentlyDoingBookkeeping: 'no' as const, accountingSoftwareToolId: '2' };
    expect(intakeVisibility(no).accountingSoftwareTool).toBe(false);
    expect(missingIntakeFields(no)).toEqual([]);
    // A "no" clears the tool.
    expect(toIntakePayload(no).accountingSoftwareToolId).toBeNull();
    expect(toIntakePayload({ ...yes, accountingSoftwareToolId: '2' }).accountingSoftwareToolId).toBe(2);
  });

  it('payroll asks whether a payroll service is used now', () => {
    expect(missingIntakeFields({ ...basics, services: [PAYROLL] })).toEqual(['currentlyGettingPayrollService']);
  });

  it('answers of services not chosen are sent empty', () => {
    const answeredAll: IntakeFormValues = {
      ...basics,
      services: [TAX, BOOKKEEPING, PAYROLL],
      hasAnyReadyFinancialReport: 'yes',
      yearToGetTaxService: '2023',
      currentlyDoingBookkeeping: 'yes',
      yearToGetBookkeepingService: '2024',
      accountingSoftwareToolId: '1',
      currentlyGettingPayrollService: 'no',
    };
    expect(toIntakePayload(answeredAll)).toEqual({
      industryId: 3,
      otherIndustryName: null,
      annualSalesRangeId: 2,
      employeeCountRangeId: 1,
      services: [1, 2, 3],
      acquisitionChannelId: 4,
      hasAnyReadyFinancialReport: true,
      yearToGetTaxService: 2023,
      currentlyDoingBookkeeping: true,
      yearToGetBookkeepingService: 2024,
      accountingSoftwareToolId: 1,
      currentlyGettingPayrollService: false,
    });
    // Unticking bookkeeping and payroll afterwards: their answers go as null.
    const taxOnly = toIntakePayload({ ...answeredAll, services: [TAX] });
    expect(taxOnly).toMatchObject({
      currentlyDoingBookkeeping: null,
      yearToGetBookkeepingService: null,
      accountingSoftwareToolId: null,
      currentlyGettingPayrollService: null,
      hasAnyReadyFinancialReport: true,
    });
  });

  it('a resumed lead shows its answers again (Other when a free-text industry was given)', () => {
    const values = intakeFromLead({
      industryId: null,
      otherIndustryName: 'Falconry',
      annualSalesRangeId: 2,
      employeeCountRangeId: 1,
      services: [2],
      acquisitionChannelId: 4,
      hasAnyReadyFinancialReport: null,
      yearToGetTaxService: null,
      currentlyDoingBookkeeping: false,
      yearToGetBookkeepingService: 2024,
      accountingSoftwareToolId: null,
      currentlyGettingPayrollService: null,
    });
    expect(values).toMatchObject({
      industryId: OTHER_INDUSTRY_VALUE,
      otherIndustryName: 'Falconry',
      services: [BOOKKEEPING],
      currentlyDoingBookkeeping: 'no',
      yearToGetBookkeepingService: '2024',
    });
    expect(missingIntakeFields(values)).toEqual([]);
  });
});
