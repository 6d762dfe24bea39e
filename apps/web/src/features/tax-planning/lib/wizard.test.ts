import { describe, expect, it } from 'vitest';
import { answersOf, INITIAL_STATE, taxPlanningReducer, type WizardAction, type WizardState } from './wizard';

const run = (actions: WizardAction[], from: WizardState = INITIAL_STATE) => actions.reduce(taxPlanningReducer, from);

const toIncome: WizardAction[] = [{ type: 'answerBusinessType', value: true }, { type: 'next' }];
const income = (sales: string, net: string): WizardAction[] => [
  { type: 'setIncome', field: 'totalAnnualSales', value: sales },
  { type: 'setIncome', field: 'annualNetIncome', value: net },
  { type: 'next' },
];

describe('tax-planning wizard steps', () => {
  it('"No" on step 1 opens the out-of-scope modal; Go back closes it and resets the answer', () => {
    const answeredNo = run([{ type: 'answerBusinessType', value: false }]);
    expect(answeredNo.outOfScope).toBe(true);
    expect(run([{ type: 'next' }], answeredNo).step).toBe(0);
    const back = run([{ type: 'dismissOutOfScope' }], answeredNo);
    expect(back.outOfScope).toBe(false);
    expect(back.form.isBusinessOneOfTheFollowing).toBeNull();
  });

  it('"Yes" on step 1 goes on with Next', () => {
    expect(run(toIncome).step).toBe(1);
  });

  it('step 2 requires both figures, digits only', () => {
    const empty = run([...toIncome, { type: 'next' }]);
    expect(empty.step).toBe(1);
    expect(empty.incomeErrors).toEqual({ totalAnnualSales: 'required', annualNetIncome: 'required' });
    const letters = run([...toIncome, ...income('12a', '100000')]);
    expect(letters.step).toBe(1);
    expect(letters.incomeErrors).toEqual({ totalAnnualSales: 'digitsOnly' });
    // Typing into a field clears its message.
    expect(run([{ type: 'setIncome', field: 'totalAnnualSales', value: '5' }], letters).incomeErrors).toEqual({});
  });

  it.each([
    ['49999', true],
    ['50000', false],
    ['300000', false],
    ['300001', true],
  ])('net income %s: out of scope %s', (net, outOfScope) => {
    const state = run([...toIncome, ...income('500000', net)]);
    expect(state.outOfScope).toBe(outOfScope);
    expect(state.step).toBe(outOfScope ? 1 : 2);
  });

  it('Go back from an out-of-scope income keeps the figures for correction', () => {
    const state = run([...toIncome, ...income('500000', '20000'), { type: 'dismissOutOfScope' }]);
    expect(state.outOfScope).toBe(false);
    expect(state.form.annualNetIncome).toBe('20000');
    expect(state.step).toBe(1);
  });

  it('steps 3 to 6 advance on answer and reach the result', () => {
    const state = run([
      ...toIncome,
      ...income('400000', '100000'),
      { type: 'answer', answer: { field: 'isBusinessIncorporatedAsSCorp', value: false } },
      { type: 'answer', answer: { field: 'ownsHouse', value: true } },
      { type: 'answer', answer: { field: 'numberOfChildren', value: 2 } },
      { type: 'answer', answer: { field: 'drivesForBusiness', value: true } },
    ]);
    expect(state.step).toBe(6);
    expect(answersOf(state.form)).toEqual({
      isBusinessIncorporatedAsSCorp: false,
      annualNetIncome: 100_000,
      ownsHouse: true,
      numberOfChildren: 2,
      drivesForBusiness: true,
    });
  });

  it('an answer for another step than the current one is ignored', () => {
    const state = run([...toIncome, { type: 'answer', answer: { field: 'ownsHouse', value: true } }]);
    expect(state.step).toBe(1);
    expect(state.form.ownsHouse).toBeNull();
  });

  it('Previous clears the answer of the step it leaves', () => {
    const atChildren = run([
      ...toIncome,
      ...income('400000', '100000'),
      { type: 'answer', answer: { field: 'isBusinessIncorporatedAsSCorp', value: false } },
      { type: 'answer', answer: { field: 'ownsHouse', value: true } },
    ]);
    expect(atChildren.step).toBe(4);
    const answeredChildrenThenBack = run(
      [{ type: 'answer', answer: { field: 'numberOfChildren', value: 3 } }, { type: 'previous' }],
      atChildren,
    );
    // Leaving step 6 (driving) clears only its own answer: the children answer stays.
    expect(answeredChildrenThenBack.step).toBe(4);
    expect(answeredChildrenThenBack.form.numberOfChildren).toBe(3);
    const backToHouse = run([{ type: 'previous' }], answeredChildrenThenBack);
    expect(backToHouse.step).toBe(3);
    expect(backToHouse.form.numberOfChildren).toBeNull();
    expect(backToHouse.form.ownsHouse).toBe(true);
    const backToIncome = run([{ type: 'previous' }, { type: 'previous' }], backToHouse);
    expect(backToIncome.step).toBe(1);
    expect(backToIncome.form.ownsHouse).toBeNull();
    expect(backToIncome.form.isBusinessIncorporatedAsSCorp).toBeNull();
    const backToStart = run([{ type: 'previous' }], backToIncome);
    expect(backToStart.step).toBe(0);
    expect(backToStart.form.annualNetIncome).toBe('');
  });

  it('Start over returns to an empty first step', () => {
    expect(run([...toIncome, { type: 'restart' }])).toEqual(INITIAL_STATE);
  });
});
