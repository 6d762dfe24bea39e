import { LEAD_STATUS, onboardingStepForStatus, type PublicLeadDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { OnboardingWizard } from './onboarding-wizard';

const ID_HASH = 'x'.repeat(43);

function lead(status: number): PublicLeadDto {
  return {
    idHash: ID_HASH,
    status,
    step: onboardingStepForStatus(status),
    generalInfo: {
      legalCompanyName: 'Resume LLC',
      contactFirstName: 'Ria',
      contactLastName: 'Contact',
      contactEmailAddress: 'ria@example.com',
      contactPhoneNumber: '5550100555',
      contactPosition: 1,
      ownerFirstName: null,
      ownerLastName: null,
    },
    intakeAnswers: null,
    servicePlanIds: [],
    contractDate: null,
  };
}

function stubApi(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.endsWith(`/leads/${ID_HASH}`)) return answer();
      if (input.endsWith('/all') || input.endsWith('/service-plans')) return jsonResponse([]);
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
}

function renderWizard() {
  const callbacks = {
    onLeadCreated: vi.fn(),
    onClosed: vi.fn(),
    onLoadFailed: vi.fn(),
    onAccountCreated: vi.fn(async () => undefined),
  };
  renderWithProviders(<OnboardingWizard idHash={ID_HASH} {...callbacks} />);
  return callbacks;
}

describe('onboarding wizard: the lead status picks the step (spec 03 section 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [LEAD_STATUS.generalInformation, 'Intake questions'],
    [LEAD_STATUS.intakeQuestions, 'Quote'],
    [LEAD_STATUS.quote, 'Contract'],
    [LEAD_STATUS.contract, 'Create account'],
  ])('status %i resumes at %s', async (status, stepName) => {
    stubApi(() => jsonResponse(lead(status)));
    const callbacks = renderWizard();
    expect(await screen.findByRole('region', { name: stepName })).toBeTruthy();
    expect(callbacks.onClosed).not.toHaveBeenCalled();
  });

  it.each([LEAD_STATUS.createAccount, LEAD_STATUS.billingInfo, LEAD_STATUS.completed])(
    'status %i (create account or beyond) goes to Login',
    async (status) => {
      stubApi(() => jsonResponse({ ...lead(status), generalInfo: null }));
      const callbacks = renderWizard();
      await waitFor(() => expect(callbacks.onClosed).toHaveBeenCalled());
    },
  );

  it('a lead that cannot be loaded starts over', async () => {
    stubApi(() => errorResponse(404, 'NOT_FOUND'));
    const callbacks = renderWizard();
    await waitFor(() => expect(callbacks.onLoadFailed).toHaveBeenCalled());
  });
});

describe('onboarding wizard: the create-account step checks the e-mail inside this onboarding', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the lead's idHash with the availability check (issue 17 item 4) and shows a taken address", async () => {
    const checks: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input.endsWith(`/leads/${ID_HASH}`)) return jsonResponse(lead(LEAD_STATUS.contract));
        if (input.includes('/is-available')) {
          checks.push(input);
          return jsonResponse(false);
        }
        if (input.endsWith('/all') || input.endsWith('/service-plans')) return jsonResponse([]);
        return errorResponse(404, 'NOT_FOUND');
      }),
    );
    renderWizard();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'taken@example.com');
    await userEvent.tab();
    expect(await screen.findByText('taken@example.com is already taken. Try another.')).toBeTruthy();
    expect(checks).toEqual([
      `/api/v1/document/onboarding/email-address/taken%40example.com/is-available?leadIdHash=${ID_HASH}`,
    ]);
  });
});
