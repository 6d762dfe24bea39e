import type { CompanyDetails as Company } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CompanyDetails } from './company-details';

const residentLlc = (overrides: Partial<Company> = {}): Company => ({
  id: 5,
  legalName: 'Blue Ridge',
  doingBusinessAs: null,
  businessEntityType: { id: 1, name: 'LLC' },
  state: { id: 47, name: 'Virginia' },
  isResident: true,
  industry: { name: 'Agents' },
  otherIndustryName: null,
  creationTime: '2026-03-05T12:00:00.000Z',
  contactFirstName: 'Ada',
  contactLastName: 'Lovelace',
  contactFullName: 'Ada Lovelace',
  contactEmailAddress: 'ada@example.com',
  contactPhoneNumber: '(555) 010-0100',
  contactFax: null,
  managementStructure: { id: 2, name: 'Member' },
  socialSecurityNumber: '***-**-6789',
  socialSecurityFirstName: 'Ada',
  socialSecurityLastName: 'Lovelace',
  registeredAgent: {
    registeredAgentType: { id: 1, name: 'Individual' },
    companyName: null,
    firstName: 'Grace',
    lastName: 'Hopper',
    middleName: null,
    addressLine1: '2 Agent Road',
    addressLine2: null,
    city: 'Fairfax',
    county: { id: 3, name: 'Fairfax County' },
    zipCode: '22030',
    emailAddress: null,
    phoneNumber: '(555) 010-0200',
  },
  businessAddress: null,
  organizers: [
    {
      id: 11,
      titles: [],
      firstName: 'Ada',
      lastName: 'Lovelace',
      middleName: null,
      shareOwnership: 100,
      isDirector: null,
      mainPageOfPassport: null,
    },
  ],
  registrationPayment: {
    paymentStatus: { id: 1, name: 'Pending' },
    stateFilingFee: 100,
    processingFee: 6,
    serviceFee: 150,
    coupon: null,
    discountAmount: 0,
    totalAmount: 256,
  },
  ...overrides,
});

function serve(response: () => Response) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('CompanyDetails', () => {
  it('shows a resident LLC: chip, MM.DD.YYYY, agent with jurisdiction, predefined address, structure, summary', async () => {
    serve(() => jsonResponse(residentLlc()));
    renderWithProviders(<CompanyDetails companyId={5} listHref="/companies" canDownloadPassport />);

    expect(await screen.findByRole('heading', { name: 'Blue Ridge LLC' })).toBeTruthy();
    expect(screen.getByText('Resident')).toBeTruthy();
    const company = section('Company information');
    expect(within(company).getByText('03.05.2026')).toBeTruthy();
    expect(within(company).getByText('—')).toBeTruthy();
    expect(within(section('Registered agent')).getByText('Fairfax County')).toBeTruthy();
    expect(
      within(section('Business address')).getByText('The predefined resident business address applies.'),
    ).toBeTruthy();
    expect(within(section('Management structure')).getByText('Member')).toBeTruthy();
    expect(within(section('Organizers')).getByText('100%')).toBeTruthy();
    expect(within(section('Social security')).getByText('***-**-6789')).toBeTruthy();
    const summary = section('Order summary');
    expect(within(summary).getByText('$100.00')).toBeTruthy();
    expect(within(summary).getByText('$6.00')).toBeTruthy();
    expect(within(summary).getByText('$256.00')).toBeTruthy();
    expect(within(summary).getByText('Pending')).toBeTruthy();
  });

  it('shows a non-resident Corporation: officers with titles and director, passport chip, no agent, structure or summary', async () => {
    const fetchMock = serve(() =>
      jsonResponse(
        residentLlc({
          isResident: false,
          businessEntityType: { id: 2, name: 'Corporation' },
          registrationPayment: null,
          // Shown only for a resident company and for an LLC: the page hides both here.
          managementStructure: { id: 1, name: 'Manager' },
          organizers: [
            {
              id: 11,
              titles: [
                { id: 1, name: 'President' },
                { id: 4, name: 'Secretary' },
              ],
              firstName: 'Ada',
              lastName: 'Lovelace',
              middleName: null,
              shareOwnership: 60,
              isDirector: true,
              mainPageOfPassport: { fileName: 'ada-passport.pdf' },
            },
          ],
        }),
      ),
    );
    renderWithProviders(<CompanyDetails companyId={5} listHref="/companies" canDownloadPassport />);

    expect(await screen.findByRole('heading', { name: 'Blue Ridge Corp.' })).toBeTruthy();
    expect(screen.getByText('Non-resident')).toBeTruthy();
    const officers = section('Officers');
    expect(within(officers).getByText('President, Secretary')).toBeTruthy();
    expect(within(officers).getByText('Yes')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Registered agent' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Management structure' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Order summary' })).toBeNull();
    expect(screen.getByText('The predefined non-resident business address applies.')).toBeTruthy();

    fetchMock.mockImplementation(async () => new Response('file', { headers: { 'content-type': 'application/pdf' } }));
    URL.createObjectURL = vi.fn(() => 'blob:passport');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(within(officers).getByRole('button', { name: 'Download the passport of Ada Lovelace' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith(
        expect.stringContaining('/api/v1/company/companies/5/organizers/11/passport'),
        expect.anything(),
      ),
    );
  });

  it('says clearly when the company does not exist', async () => {
    serve(() => errorResponse(404, 'NOT_FOUND'));
    renderWithProviders(<CompanyDetails companyId={999} listHref="/companies" canDownloadPassport />);
    expect(await screen.findByRole('heading', { name: 'Company not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to companies' }).getAttribute('href')).toBe('/companies');
  });
});
