/** Texts of the public tax-planning estimator (spec 03, Tax-planning wizard). */
export const taxPlanning = {
  title: 'Tax planning',
  intro: 'Answer a few questions to estimate how much tax a single-owner business could save.',
  stepper: 'Tax-planning steps',
  steps: {
    businessType: 'Business type',
    income: 'Income',
    sCorp: 'S-Corp',
    house: 'House',
    children: 'Children',
    driving: 'Driving',
    result: 'Savings',
  },
  questions: {
    businessType: 'Is your business a sole proprietorship, a single-member LLC or are you a 1099 contractor?',
    income: 'What are your business’s total annual sales and annual net income?',
    sCorp: 'Is your business incorporated as an S-Corp?',
    house: 'Do you own or rent your house?',
    children: 'How many children aged 10-17 do you have?',
    driving: 'Do you drive for your business?',
  },
  fields: {
    totalAnnualSales: 'Total annual sales',
    annualNetIncome: 'Annual net income',
  },
  answers: {
    yes: 'Yes',
    no: 'No',
    own: 'Own',
    rent: 'Rent',
  },
  validation: {
    digitsOnly: 'Please enter numbers only',
  },
  actions: {
    previous: 'Previous',
    next: 'Next',
    goBack: 'Go back',
    startOver: 'Start over',
  },
  outOfScope: {
    title: 'Out of scope',
    message:
      'We currently serve single owner businesses and, based on the information you provided, we cannot serve you at this time.',
  },
  result: {
    heading: 'Your total potential tax savings',
    progress: 'Calculating your savings',
    announcement: 'Your total potential tax savings: {{amount}}',
    plansHeading: 'Choose your plan',
  },
  plans: {
    session: {
      name: 'Tax planning session',
      price: '$475',
      frequency: 'one-time',
      features: {
        planningSession: 'Planning session',
        taxReturnReview: 'Tax return review',
        structureAnalysis: 'Business tax structure analysis',
        deductionsReport: 'Deductions report',
        taxCredits: 'Tax credit identification',
        retirementPlan: 'Retirement plan analysis',
        implementationGuide: 'Implementation guide',
      },
      action: 'Book a session',
    },
    freedom: {
      name: 'Freedom plan',
      monthlyPrice: '$200',
      monthlyFrequency: 'per month, paid monthly',
      annualPrice: '$175',
      annualFrequency: 'per month, paid annually',
      everythingInSession: 'Everything in the tax planning session, plus:',
      features: {
        companyFormation: 'Company formation',
        sCorpElection: 'S-Corp election',
        bookkeeping: 'Bookkeeping',
        payroll: 'Payroll',
        quarterlyEstimates: 'Quarterly estimated tax payment',
        businessTaxReturn: 'Business tax return',
      },
      payMonthly: 'Pay monthly',
      payAnnually: 'Pay annually',
    },
  },
} as const;
