import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@ledgerport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, startSession } from '@/lib/session';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { useLeadOnboardingStep } from './use-lead-onboarding-step';

function Harness() {
  const step = useLeadOnboardingStep({ enabled: true });
  return (
    <>
      {step.dialog}
      <p>{step.done ? 'step done' : 'step waiting'}</p>
    </>
  );
}

const user: SessionUser = {
  id: 7,
  departmentId: null,
  firstName: 'New',
  lastName: 'Client',
  username: 'new@example.com',
  emailAddress: 'new@example.com',
  roles: ['Client'],
  isTaxEmployee: false,
  isLeadOnboardingCompleted: false,
  leadIdHash: 'h'.repeat(43),
};

function myLead(statusId: number) {
  return {
    idHash: user.leadIdHash,
    status: { id: statusId, displayName: 'x' },
    isLeadOnboardingCompleted: statusId === 13,
    companyBankName: null,
    companyBankRoutingNumber: null,
    companyBankAccountingNumber: null,
    version: '31',
  };
}

/** `refuseFirstSave`: the first billing info answers 412 (another window saved it), and the lead moves on. */
function stubApi(statusId: number, { refuseFirstSave = false } = {}) {
  const requests: Array<{ method: string; url: string; body: unknown; ifMatch: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const puts = requests.filter((request) => request.method === 'PUT').length;
      requests.push({ method, url: input, body: init?.body, ifMatch: new Headers(init?.headers).get('if-match') });
      if (method === 'GET' && input.endsWith('/document/leads/me')) {
        return jsonResponse({ ...myLead(statusId), ...(refuseFirstSave && puts > 0 ? { version: '32' } : {}) });
      }
      if (refuseFirstSave && method === 'PUT' && puts === 0) {
        return errorResponse(412, 'STALE_VERSION', {}, { changedBy: null, changedAt: null, currentVersion: '32' });
      }
      return new Response(null, { status: 204 });
    }),
  );
  return requests;
}

describe('lead onboarding after sign-in (spec 01 section 4.4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession('logout');
  });

  it('status create account: billing info, then documents with upload later, then complete', async () => {
    startSession({ accessToken: 'token', user, permissions: [] });
    const requests = stubApi(11);
    const u = userEvent.setup();
    renderWithProviders(<Harness />);

    const dialog = await screen.findByRole('dialog', { name: 'Complete your onboarding' });
    expect(screen.getByText('step waiting')).toBeTruthy();
    await u.type(screen.getByLabelText(/Bank name/), 'First Test Bank');
    await u.type(screen.getByLabelText(/Routing number/), '12a3456789999');
    expect((screen.getByLabelText(/Routing number/) as HTMLInputElement).value).toBe('123456789');
    await u.type(screen.getByLabelText(/Account number/), '12-34x56');
    expect((screen.getByLabelText(/Account number/) as HTMLInputElement).value).toBe('123456');
    await u.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByText(/Upload these documents now/);
    const billing = requests.find((request) => request.method === 'PUT');
    expect(billing?.url).toMatch(/\/document\/leads\/me\/billing-info$/);
    expect(JSON.parse(String(billing?.body))).toEqual({
      companyBankName: 'First Test Bank',
      companyBankRoutingNumber: '123456789',
      companyBankAccountingNumber: '123456',
    });

    // Nothing chosen: every document is required.
    await u.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);

    // A file clears "later"; "later" clears the file.
    const later = screen.getByRole('checkbox', { name: 'Upload the Tax return later' });
    await u.click(later);
    expect((later as HTMLInputElement).checked).toBe(true);
    const fileInputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await u.upload(fileInputs[0]!, new File(['%PDF-1.4'], 'tax.pdf', { type: 'application/pdf' }));
    expect((later as HTMLInputElement).checked).toBe(false);
    await u.click(screen.getByRole('checkbox', { name: 'Upload the EIN letter later' }));
    await u.click(screen.getByRole('checkbox', { name: 'Upload the Article of incorporation later' }));
    expect(screen.queryAllByText('This field is required')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Complete' }));

    await screen.findByText('step done');
    const upload = requests.filter((request) => request.method === 'PUT')[1]!;
    expect(upload.url).toMatch(/\/document\/leads\/me\/documents$/);
    const form = upload.body as FormData;
    expect((form.get('TaxReturnAttachment') as File).name).toBe('tax.pdf');
    expect(form.get('UploadTaxReturnLater')).toBe('false');
    expect(form.get('EmployerIdentificationNumberAttachment')).toBeNull();
    expect(form.get('UploadEmployerIdentificationNumberLater')).toBe('true');
    expect(form.get('UploadArticleOfIncorporationLater')).toBe('true');
    expect(getSession().user?.isLeadOnboardingCompleted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('billing info saved in another window meanwhile: the person saves theirs over it on purpose (issue 21)', async () => {
    startSession({ accessToken: 'token', user, permissions: [] });
    const requests = stubApi(11, { refuseFirstSave: true });
    const u = userEvent.setup();
    renderWithProviders(<Harness />);
    await screen.findByRole('dialog', { name: 'Complete your onboarding' });
    await u.type(screen.getByLabelText(/Bank name/), 'Mine Bank');
    await u.type(screen.getByLabelText(/Routing number/), '123456789');
    await u.type(screen.getByLabelText(/Account number/), '123456');
    await u.click(screen.getByRole('button', { name: 'Next' }));

    const alert = await screen.findByRole('alert', { name: 'Billing info was saved in another window' });
    expect(alert.textContent).toContain('What you entered here is still here');
    expect((screen.getByLabelText(/Bank name/) as HTMLInputElement).value).toBe('Mine Bank');
    await u.click(screen.getByRole('button', { name: 'Save mine' }));

    await screen.findByText(/Upload these documents now/);
    const saves = requests.filter((request) => request.method === 'PUT');
    expect(saves.map((save) => save.ifMatch)).toEqual(['"31"', '"32"']);
    expect(JSON.parse(String(saves[1]!.body))).toMatchObject({ companyBankName: 'Mine Bank' });
  });

  it('status billing info opens at the documents step', async () => {
    startSession({ accessToken: 'token', user, permissions: [] });
    stubApi(12);
    renderWithProviders(<Harness />);
    await screen.findByText(/Upload these documents now/);
    expect(screen.queryByLabelText(/Bank name/)).toBeNull();
  });

  it('status completed marks onboarding complete without a dialog', async () => {
    startSession({ accessToken: 'token', user, permissions: [] });
    stubApi(13);
    renderWithProviders(<Harness />);
    await screen.findByText('step done');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getSession().user?.isLeadOnboardingCompleted).toBe(true);
  });

  it('a user who did not come through onboarding is not asked', async () => {
    startSession({ accessToken: 'token', user: { ...user, leadIdHash: null }, permissions: [] });
    const requests = stubApi(11);
    renderWithProviders(<Harness />);
    expect(screen.getByText('step done')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
