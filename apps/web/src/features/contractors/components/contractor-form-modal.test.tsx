import { CONTRACTOR_TYPE } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildState } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ContractorFormModal, type ContractorFormTarget } from './contractor-form-modal';

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  ifMatch: string | null;
}

const INDIVIDUAL = {
  id: 9,
  version: '41',
  contractorType: { id: 2, name: 'Individual' },
  businessName: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Austin',
  stateId: 44,
  stateName: 'Texas',
  zipCode: '73301',
  totalPayment: 800,
  serviceFee: 15,
  isPaid: false,
  isCompleted: false,
  client: { id: 3, name: 'Acme LLC' },
  taxYear: 2026,
  socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-6789',
  isIdentificationNumberRevealed: true,
};

/** Someone else moved the contractor to Dallas (version 42) after the form loaded version 41. */
const THEIRS = { ...INDIVIDUAL, version: '42', city: 'Dallas' };
const STALE = {
  changedBy: { id: 2, name: 'Sam Staff' },
  changedAt: '2026-02-03T15:04:00.000Z',
  currentVersion: '42',
};

function stubApi({ saveStatus = 200, stale = false } = {}) {
  const calls: Call[] = [];
  let current = INDIVIDUAL;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const ifMatch = new Headers(init?.headers).get('If-Match');
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null, ifMatch });
      if (url.pathname.endsWith('/company/states/all')) {
        return jsonResponse([buildState(43, 'Tennessee'), buildState(44, 'Texas')]);
      }
      if (url.pathname.endsWith('/document/contractors/individual/9') && method === 'GET') return jsonResponse(current);
      if (stale && method === 'PUT' && ifMatch !== `"${THEIRS.version}"`) {
        current = THEIRS;
        return errorResponse(412, 'STALE_VERSION', {}, STALE);
      }
      if (url.pathname.endsWith('/document/contractors/clients')) {
        return jsonResponse([{ id: 3, name: `Acme LLC (${url.searchParams.get('text')})` }]);
      }
      if (method !== 'GET') return saveStatus < 300 ? jsonResponse({ id: 9 }) : errorResponse(saveStatus, 'ERROR');
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderModal(target: ContractorFormTarget, withClient = false) {
  const onClose = vi.fn();
  renderWithProviders(<ContractorFormModal target={target} withClient={withClient} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Address line 1/), ' 1 Main St ');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.click(screen.getByRole('combobox', { name: 'State' }));
  await user.click(await screen.findByRole('option', { name: 'Texas', hidden: true }));
  await user.type(screen.getByLabelText(/^Zip code/), '73301-99');
  await user.type(screen.getByLabelText(/^Total payment/), '1250.5');
}

describe('ContractorFormModal', () => {
  it('names every missing field and sends nothing', async () => {
    const calls = stubApi();
    const { user } = renderModal({ mode: 'add', contractorType: CONTRACTOR_TYPE.business });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(7);
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('masks the EIN, refuses a short one and a zero total', async () => {
    stubApi();
    const { user } = renderModal({ mode: 'add', contractorType: CONTRACTOR_TYPE.business });
    const ein = screen.getByLabelText(/^Employer identification number/) as HTMLInputElement;
    await user.type(ein, '12a34');
    expect(ein.value).toBe('12-34');
    await user.type(screen.getByLabelText(/^Total payment/), '0');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid employer identification number (##-#######)')).toBeTruthy();
    expect(screen.getByText('The total payment cannot be 0.00')).toBeTruthy();
  });

  it('adds a business contractor with trimmed text and announces it by name', async () => {
    const calls = stubApi();
    const { user, onClose } = renderModal({ mode: 'add', contractorType: CONTRACTOR_TYPE.business });
    await user.type(screen.getByLabelText(/^Business name/), ' Acme Design LLC ');
    await user.type(screen.getByLabelText(/^Employer identification number/), '123456789');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/v1/document/contractors');
    expect(post.body).toEqual({
      contractorType: 1,
      businessName: 'Acme Design LLC',
      employerIdentificationNumber: '12-3456789',
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'Austin',
      stateId: 44,
      zipCode: '73301',
      totalPayment: 1250.5,
    });
    expect(await screen.findByText('Acme Design LLC has been created successfully')).toBeTruthy();
  });

  it('edits an individual contractor through its own route', async () => {
    const calls = stubApi();
    const { user, onClose } = renderModal({ mode: 'edit', contractorType: CONTRACTOR_TYPE.individual, id: 9 });
    const lastName = await screen.findByLabelText(/^Last name/);
    expect((screen.getByLabelText(/^SSN or ITIN/) as HTMLInputElement).value).toBe('123-45-6789');
    expect((screen.getByLabelText(/^Total payment/) as HTMLInputElement).value).toBe('$800.00');
    await user.clear(lastName);
    await user.type(lastName, 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/document/contractors/individual/9');
    expect(put.body).toMatchObject({ firstName: 'Ada', lastName: 'King', totalPayment: 800, stateId: 44 });
    expect(put.ifMatch).toBe('"41"');
    expect(await screen.findByText('Ada King has been updated successfully')).toBeTruthy();
  });

  it('keeps what was typed when someone saved first, and takes their changes in on request', async () => {
    const calls = stubApi({ stale: true });
    const { user, onClose } = renderModal({ mode: 'edit', contractorType: CONTRACTOR_TYPE.individual, id: 9 });
    const lastName = await screen.findByLabelText(/^Last name/);
    await user.clear(lastName);
    await user.type(lastName, 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sam Staff saved it on');
    expect(alert.textContent).toContain('They changed: City.');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('King');
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Austin');

    await user.click(screen.getByRole('button', { name: 'Take their changes, keep mine' }));
    expect((screen.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Dallas');
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.ifMatch)).toEqual(['"41"', '"42"']);
    expect(puts[1]!.body).toMatchObject({ lastName: 'King', city: 'Dallas' });
  });

  it('saves mine over theirs on purpose, with their version', async () => {
    const calls = stubApi({ stale: true });
    const { user, onClose } = renderModal({ mode: 'edit', contractorType: CONTRACTOR_TYPE.individual, id: 9 });
    const lastName = await screen.findByLabelText(/^Last name/);
    await user.clear(lastName);
    await user.type(lastName, 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.ifMatch)).toEqual(['"41"', '"42"']);
    expect(puts[1]!.body).toMatchObject({ lastName: 'King', city: 'Austin' });
  });

  it('lets staff search the business client after more than 2 characters and adds for it', async () => {
    const calls = stubApi();
    const { user, onClose } = renderModal({ mode: 'add', contractorType: CONTRACTOR_TYPE.individual }, true);
    const client = screen.getByRole('combobox', { name: 'Business client' });
    await user.type(client, 'Ac');
    expect(calls.some((call) => call.path.endsWith('/document/contractors/clients'))).toBe(false);
    await user.type(client, 'm');
    await user.click(await screen.findByRole('option', { name: 'Acme LLC (Acm)', hidden: true }));
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^SSN or ITIN/), '123456789');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      contractorType: 2,
      clientId: 3,
      socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-6789',
    });
  });

  it('keeps the form open with the could-not-create message when the API fails', async () => {
    stubApi({ saveStatus: 500 });
    const { user, onClose } = renderModal({ mode: 'add', contractorType: CONTRACTOR_TYPE.individual });
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^SSN or ITIN/), '123456789');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('An error occurred. Contractor could not be created')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
