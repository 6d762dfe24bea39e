import { isNetIncomeInScope, type TaxPlanningAnswers } from '@ledgerport/shared';

/** Steps of spec 03's tax-planning wizard, in order; the last shows the result. */
export const TAX_PLANNING_STEPS = [
  'businessType',
  'income',
  'sCorp',
  'house',
  'children',
  'driving',
  'result',
] as const;
export type TaxPlanningStep = (typeof TAX_PLANNING_STEPS)[number];
export const RESULT_STEP = TAX_PLANNING_STEPS.length - 1;

/** The tax-planning form of spec 03 section 3; null (or '') is "not answered yet". */
export interface TaxPlanningForm {
  isBusinessOneOfTheFollowing: boolean | null;
  totalAnnualSales: string;
  annualNetIncome: string;
  isBusinessIncorporatedAsSCorp: boolean | null;
  ownsHouse: boolean | null;
  numberOfChildren: number | null;
  drivesForBusiness: boolean | null;
}

export type IncomeField = 'totalAnnualSales' | 'annualNetIncome';
export type IncomeError = 'required' | 'digitsOnly';

export interface WizardState {
  step: number;
  form: TaxPlanningForm;
  outOfScope: boolean;
  incomeErrors: Partial<Record<IncomeField, IncomeError>>;
}

/** Answers of steps 3 to 6, each of which advances the wizard as soon as it is given. */
export type AutoAnswer =
  | { field: 'isBusinessIncorporatedAsSCorp'; value: boolean }
  | { field: 'ownsHouse'; value: boolean }
  | { field: 'numberOfChildren'; value: number }
  | { field: 'drivesForBusiness'; value: boolean };

export type WizardAction =
  | { type: 'answerBusinessType'; value: boolean }
  | { type: 'setIncome'; field: IncomeField; value: string }
  | { type: 'answer'; answer: AutoAnswer }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'dismissOutOfScope' }
  | { type: 'restart' };

export const EMPTY_FORM: TaxPlanningForm = {
  isBusinessOneOfTheFollowing: null,
  totalAnnualSales: '',
  annualNetIncome: '',
  isBusinessIncorporatedAsSCorp: null,
  ownsHouse: null,
  numberOfChildren: null,
  drivesForBusiness: null,
};

export const INITIAL_STATE: WizardState = { step: 0, form: EMPTY_FORM, outOfScope: false, incomeErrors: {} };

const DIGITS = /^\d+$/;

function incomeError(value: string): IncomeError | undefined {
  if (value.trim() === '') return 'required';
  return DIGITS.test(value) ? undefined : 'digitsOnly';
}

/** The form fields each step owns: what Previous clears when the user leaves that step. */
function clearStep(form: TaxPlanningForm, step: TaxPlanningStep): TaxPlanningForm {
  switch (step) {
    case 'businessType':
      return { ...form, isBusinessOneOfTheFollowing: null };
    case 'income':
      return { ...form, totalAnnualSales: '', annualNetIncome: '' };
    case 'sCorp':
      return { ...form, isBusinessIncorporatedAsSCorp: null };
    case 'house':
      return { ...form, ownsHouse: null };
    case 'children':
      return { ...form, numberOfChildren: null };
    case 'driving':
      return { ...form, drivesForBusiness: null };
    case 'result':
      return form;
  }
}

const STEP_OF_ANSWER: Record<AutoAnswer['field'], TaxPlanningStep> = {
  isBusinessIncorporatedAsSCorp: 'sCorp',
  ownsHouse: 'house',
  numberOfChildren: 'children',
  drivesForBusiness: 'driving',
};

/**
 * The wizard's rules (spec 03, Tax-planning wizard and section 5), kept pure so they are tested
 * without a browser: "No" on step 1 and a net income outside 50,000-300,000 open the out-of-scope
 * modal; steps 3 to 6 advance on answer; Previous clears the answer of the step it leaves.
 */
export function taxPlanningReducer(state: WizardState, action: WizardAction): WizardState {
  const current = TAX_PLANNING_STEPS[state.step]!;
  switch (action.type) {
    case 'answerBusinessType':
      return {
        ...state,
        form: { ...state.form, isBusinessOneOfTheFollowing: action.value },
        outOfScope: !action.value,
      };
    case 'setIncome': {
      const { [action.field]: _fixed, ...incomeErrors } = state.incomeErrors;
      return { ...state, form: { ...state.form, [action.field]: action.value }, incomeErrors };
    }
    case 'answer': {
      if (STEP_OF_ANSWER[action.answer.field] !== current) return state;
      return { ...state, form: { ...state.form, [action.answer.field]: action.answer.value }, step: state.step + 1 };
    }
    case 'next': {
      if (current === 'businessType') {
        return state.form.isBusinessOneOfTheFollowing === true ? { ...state, step: state.step + 1 } : state;
      }
      if (current === 'income') {
        const incomeErrors: WizardState['incomeErrors'] = {};
        for (const field of ['totalAnnualSales', 'annualNetIncome'] as const) {
          const error = incomeError(state.form[field]);
          if (error) incomeErrors[field] = error;
        }
        if (Object.keys(incomeErrors).length > 0) return { ...state, incomeErrors };
        if (!isNetIncomeInScope(Number(state.form.annualNetIncome)))
          return { ...state, incomeErrors, outOfScope: true };
        return { ...state, incomeErrors, step: state.step + 1 };
      }
      return state;
    }
    case 'previous':
      if (state.step === 0) return state;
      return { ...state, form: clearStep(state.form, current), incomeErrors: {}, step: state.step - 1 };
    case 'dismissOutOfScope':
      // Step 1's "Go back" resets the answer; on step 2 the figures stay for the user to correct.
      return {
        ...state,
        outOfScope: false,
        form: current === 'businessType' ? { ...state.form, isBusinessOneOfTheFollowing: null } : state.form,
      };
    case 'restart':
      return INITIAL_STATE;
  }
}

/** The answers the estimate needs, once the wizard has reached the result. */
export function answersOf(form: TaxPlanningForm): TaxPlanningAnswers | null {
  const { isBusinessIncorporatedAsSCorp, ownsHouse, numberOfChildren, drivesForBusiness } = form;
  if (isBusinessIncorporatedAsSCorp === null || ownsHouse === null || numberOfChildren === null) return null;
  if (drivesForBusiness === null || !DIGITS.test(form.annualNetIncome)) return null;
  return {
    isBusinessIncorporatedAsSCorp,
    annualNetIncome: Number(form.annualNetIncome),
    ownsHouse,
    numberOfChildren,
    drivesForBusiness,
  };
}
