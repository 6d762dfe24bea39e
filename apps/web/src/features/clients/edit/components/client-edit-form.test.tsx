import { ERROR_CODE, type ClientEditDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildState } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ClientEditForm } from './client-edit-form';

// Typing into many Mantine fields takes a few seconds under happy-dom.
vi.setConfig({ testTimeout: 20_000 });

const emptyAddress = { addressLine1: null, addressLine2: null, city: null, stateId: null, zipCode: null };

function personalClient(overrides: Partial<ClientEditDto> = {}): ClientEditDto {
  return {
    id: 7,
    version: '501',
    clientType: 2,
    isActive: true,
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    tradeName: null,
    website: null,
    taxpayerIdentificationNumber: null,
    socialSecurityNumber: null,
    birthDate: '1990-02-28',
    maritalStatus: 1,
    emailAddress: 'ada@example.com',
    phoneNumber: null,
    advisorUserId: 20,
    ownerUserId: 30,
    ownerUser: 'Owen Owner',
    hasProfilePicture: false,
    address: emptyAddress,
    services: [1],
    collaborators: [],
    spouseInfo: null,
    ...overrides,
  };
}

function stubApi(client: ClientEditDto, { staleFirst }: { staleFirst?: ClientEditDto } = {}) {
  const puts: FormData[] = [];
  const ifMatches: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = decodeURIComponent(input);
      if (init?.method === 'PUT') {
        puts.push(init.body as FormData);
        ifMatches.push(new Headers(init.headers).get('if-match'));
        if (staleFirst && puts.length === 1) {
          return errorResponse(
            412,
            ERROR_CODE.staleVersion,
            {},
            {
              changedBy: { id: 3, name: 'Avery Advisor' },
              changedAt: '2026-11-26T14:05:00.000Z',
              currentVersion: staleFirst.version,
            },
          );
        }
        return jsonResponse(client);
      }
      if (staleFirst && url.endsWith(`/document/clients/personal/${client.id}`)) return jsonResponse(staleFirst);
      if (url.includes('/company/states/all')) return jsonResponse([buildState(1, 'Alabama')]);
      if (url.includes('/document/services/all')) {
        return jsonResponse([
          { id: 1, name: 'tax', displayName: 'Tax', color: '#000', departmentId: 1 },
          { id: 2, name: 'payroll', displayName: 'Payroll', color: '#000', departmentId: 1 },
        ]);
      }
      if (url.includes('/identity/users/advisors/all'))
        return jsonResponse([{ value: '20', displayText: 'Ada Advisor' }]);
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url, requestId: 'x' } }, { status: 404 });
    }),
  );
  return Object.assign(puts, { ifMatches });
}

const textbox = (name: string) => screen.queryByRole('textbox', { name });

describe('ClientEditForm (personal)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spouse section only while married and requires the spouse names', async () => {
    const puts = stubApi(personalClient());
    const onDone = vi.fn();
    renderWithProviders(<ClientEditForm clientType="personal" client={personalClient()} onDone={onDone} />);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Tax' });

    expect(textbox('Spouse first name')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Married' }));
    expect(textbox('Spouse first name')).not.toBeNull();
    expect(textbox('Spouse last name')).not.toBeNull();
    expect(textbox('Spouse SSN')).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Spouse' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(2));
    expect(puts).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Single' }));
    expect(textbox('Spouse first name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts).toHaveLength(1);
    expect(puts[0]!.get('maritalStatus')).toBe('1');
    expect(puts[0]!.get('spouseInfo.firstName')).toBeNull();
    expect(puts[0]!.getAll('services')).toEqual(['1']);
  });

  it('masks the SSN as ###-##-#### and refuses an incomplete one', async () => {
    const puts = stubApi(personalClient());
    renderWithProviders(<ClientEditForm clientType="personal" client={personalClient()} onDone={vi.fn()} />);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Tax' });

    const ssn = textbox('SSN') as HTMLInputElement;
    await user.type(ssn, '12a3456789999');
    expect(ssn.value).toBe('123-45-6789');

    await user.clear(ssn);
    await user.type(ssn, '1234');
    expect(ssn.value).toBe('123-4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The SSN must have the format ###-##-####')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it('sends the spouse when married and adds a new service to every collaborator', async () => {
    const client = personalClient({
      maritalStatus: 2,
      spouseInfo: {
        firstName: 'Charles',
        lastName: 'Babbage',
        socialSecurityNumber: '987-65-4321',
        birthDate: null,
        phoneNumber: null,
        address: emptyAddress,
      },
      collaborators: [{ collaboratorUserId: 40, collaboratorUser: 'Cole Laborator', isActive: true, services: [1] }],
    });
    const puts = stubApi(client);
    const onDone = vi.fn();
    renderWithProviders(<ClientEditForm clientType="personal" client={client} onDone={onDone} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Payroll' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const form = puts[0]!;
    expect(form.get('spouseInfo.firstName')).toBe('Charles');
    expect(form.get('spouseInfo.socialSecurityNumber')).toBe('987-65-4321');
    expect(form.getAll('services')).toEqual(['1', '2']);
    expect(form.get('Collaborators[0].CollaboratorUserId')).toBe('40');
    expect(form.getAll('Collaborators[0].Services')).toEqual(['1', '2']);
  });

  it('keeps what was typed when someone saved meanwhile, takes in their changes, and saves both', async () => {
    const client = personalClient();
    const theirs = personalClient({ version: '502', phoneNumber: '5552223333' });
    const puts = stubApi(client, { staleFirst: theirs });
    const onDone = vi.fn();
    renderWithProviders(<ClientEditForm clientType="personal" client={client} onDone={onDone} />);
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Tax' });

    const firstName = textbox('First name') as HTMLInputElement;
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Avery Advisor saved it on');
    expect(alert.textContent).toContain('They changed: Phone number.');
    expect(firstName.value).toBe('Augusta');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Take their changes, keep mine' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts.ifMatches).toEqual(['"501"', '"502"']);
    expect(puts[1]!.get('firstName')).toBe('Augusta');
    expect(puts[1]!.get('phoneNumber')).toBe('(555) 222-3333');
  });
});
