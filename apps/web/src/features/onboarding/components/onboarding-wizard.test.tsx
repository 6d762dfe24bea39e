import { LEAD_STATUS, type PublicLeadDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPublicLead } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { OnboardingWizard } from './onboarding-wizard';

const ID_HASH = 'x'.repeat(43);

const lead = (status: number): PublicLeadDto => buildPublicLead(status, { idHash: ID_HASH });

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

/**
 * Issue 21: each step saves with the version of the lead it showed; a step saved in another window
 * since (412) loads the latest lead and keeps what was entered here.
 */
describe('onboarding wizard: a step saved in another window meanwhile', () => {
  afterEach(() => vi.unstubAllGlobals());

  const STALE = { changedBy: null, changedAt: '2026-11-27T09:00:00.000Z', currentVersion: '8' };

  /** The lead answers `first` until a save was refused, then `latest`; saves answer from `answerPut`. */
  function stubSaves(first: PublicLeadDto, latest: PublicLeadDto, answerPut: (count: number) => Response) {
    const puts: Array<{ url: string; ifMatch: string | null; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push({
            url: input,
            ifMatch: new Headers(init.headers).get('if-match'),
            body: init.body ? JSON.parse(init.body as string) : undefined,
          });
          return answerPut(puts.length);
        }
        if (input.endsWith(`/leads/${ID_HASH}`)) return jsonResponse(puts.length === 0 ? first : latest);
        if (input.endsWith('/all') || input.endsWith('/service-plans')) return jsonResponse([]);
        return errorResponse(404, 'NOT_FOUND');
      }),
    );
    return puts;
  }

  it('accepts no contract the window did not show: the latest is loaded and accepted with its version', async () => {
    const shown = lead(LEAD_STATUS.quote);
    const puts = stubSaves(shown, { ...shown, version: '8' }, (count) =>
      count === 1 ? errorResponse(412, 'STALE_VERSION', {}, STALE) : new Response(null, { status: 204 }),
    );
    renderWizard();
    await screen.findByRole('region', { name: 'Contract' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // (The preview, which this test does not serve, shows its own error.)
    const alert = await screen.findByRole('alert', { name: 'This application was changed in another window' });
    expect(alert.textContent).toContain('The contract below now shows the latest plans.');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts.map((put) => put.ifMatch)).toEqual(['"7"', '"8"']);
    expect(await screen.findByRole('region', { name: 'Create account' })).toBeTruthy();
  });

  it('keeps the answers typed here, takes in the ones the other window changed, and saves both', async () => {
    const shown = lead(LEAD_STATUS.generalInformation);
    const theirs = { ...shown, version: '8', generalInfo: { ...shown.generalInfo!, contactLastName: 'Theirs' } };
    const puts = stubSaves(shown, theirs, (count) =>
      count === 1 ? errorResponse(412, 'STALE_VERSION', {}, STALE) : new Response(null, { status: 204 }),
    );
    renderWizard();
    // The lead resumes at the intake questions; step 1 is one back.
    await screen.findByRole('region', { name: 'Intake questions' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    const company = await screen.findByRole('textbox', { name: 'Legal company name' });
    await userEvent.clear(company);
    await userEvent.type(company, 'Mine LLC');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Contact last name');
    await userEvent.click(screen.getByRole('button', { name: 'Use the latest answers, keep mine' }));
    expect((screen.getByRole('textbox', { name: 'Contact last name' }) as HTMLInputElement).value).toBe('Theirs');
    expect((company as HTMLInputElement).value).toBe('Mine LLC');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({
      ifMatch: '"8"',
      body: { legalCompanyName: 'Mine LLC', contactLastName: 'Theirs' },
    });
  });
});
