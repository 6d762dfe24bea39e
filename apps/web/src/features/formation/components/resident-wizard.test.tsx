import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ResidentWizard } from './resident-wizard';

// The card form belongs to the payment provider (and has its own tests); here it only reports back.
vi.mock('@/components/payments/card-payment', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  CardPayment: ({
    clientSecret,
    amountCents,
    onSucceeded,
  }: {
    clientSecret: string;
    amountCents: number;
    onSucceeded: () => void;
  }) => (
    <div>
      <p>{`card form for ${clientSecret}: ${amountCents} cents`}</p>
      <button type="button" onClick={onSucceeded}>
        Pay now
      </button>
    </div>
  ),
}));

const WAIT = { timeout: 4000 };

const STATES = [
  {
    value: '21',
    displayText: 'Maryland',
    id: 21,
    name: 'Maryland',
    llcFilingFeeForResidents: 100,
    corporationFilingFeeForResidents: 120,
    checkBusinessNameAvailabilityUrl: null,
  },
  {
    value: '47',
    displayText: 'Virginia',
    id: 47,
    name: 'Virginia',
    llcFilingFeeForResidents: 100,
    corporationFilingFeeForResidents: 75,
    checkBusinessNameAvailabilityUrl: 'https://cis.scc.virginia.gov/EntitySearch/Index',
  },
  {
    value: '60',
    displayText: 'Guam',
    id: 60,
    name: 'Guam',
    llcFilingFeeForResidents: null,
    corporationFilingFeeForResidents: null,
    checkBusinessNameAvailabilityUrl: null,
  },
];
const COUNTIES: Record<string, Array<{ id: number; name: string; stateId: number }>> = {
  '21': [{ id: 1, name: 'Kent County', stateId: 21 }],
  '47': [{ id: 2, name: 'Arlington County', stateId: 47 }],
};
const option = (value: number, displayText: string) => ({ value: String(value), displayText });
const LISTS: Record<string, unknown> = {
  industries: [option(1, 'Agents'), option(2, 'Arts and Crafts')],
  'business-entity-types': [option(1, 'LLC'), option(2, 'Corporation')],
  'registered-agent-types': [option(1, 'Individual'), option(2, 'Company')],
  'management-structures': [option(1, 'Manager'), option(2, 'Member')],
  'organizer-titles': [option(1, 'President'), option(2, 'Vice President')],
};

interface Submission {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

function stubApi({ submitStatus = 201 }: { submitStatus?: number } = {}) {
  const submissions: Submission[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace('/api/v1/company/', '');
      if (path === 'states/all') return jsonResponse(STATES);
      if (path === 'counties/all') return jsonResponse(COUNTIES[url.searchParams.get('stateId') ?? ''] ?? []);
      const list = /^(.+)\/all$/.exec(path)?.[1];
      if (list && LISTS[list]) return jsonResponse(LISTS[list]);
      if (path === 'companies/resident' && init?.method === 'POST') {
        submissions.push({
          body: JSON.parse(String(init.body)) as Record<string, unknown>,
          idempotencyKey: new Headers(init.headers).get('idempotency-key'),
        });
        if (submitStatus !== 201) return errorResponse(submitStatus, 'ERROR');
        return jsonResponse({ stripePaymentClientSecret: 'pi_1_secret_abc', paymentAmount: 256 }, { status: 201 });
      }
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return submissions;
}

afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });

async function choose(user: User, label: string, value: string) {
  const input = combobox(label);
  await user.click(input);
  const listbox = await waitFor(() => {
    const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error('The options have not opened yet');
    return element;
  }, WAIT);
  // The lists arrive after the first render: wait for the option rather than for every request.
  await user.click(await within(listbox).findByRole('option', { name: value, hidden: true }, WAIT));
}

async function renderWizard() {
  const user = userEvent.setup();
  renderWithProviders(<ResidentWizard />);
  await screen.findByRole('radio', { name: 'LLC' }, WAIT);
  return user;
}

async function fillStepOne(user: User) {
  await choose(user, 'State', 'Virginia');
  await user.type(field('Legal name'), 'Blue Ridge Studio');
  await choose(user, 'Industry', 'Agents');
  await user.type(field('First name'), 'Ada');
  await user.type(field('Last name'), 'Lovelace');
  await user.type(field('Email address'), 'ada@example.com');
  await user.type(field('Phone number'), '8045550100');
}

async function fillStepTwo(user: User) {
  await user.type(field('First name'), 'Grace');
  await user.type(field('Last name'), 'Hopper');
  await user.type(field('Address line 1'), '1 Capitol Square');
  await user.type(field('City'), 'Richmond');
  await choose(user, 'County', 'Arlington County');
  await user.type(field('Zip code'), '23219');
  await user.type(field('Phone number'), '8045550101');
}

async function fillStepThree(user: User) {
  await user.click(screen.getByRole('radio', { name: 'Member' }));
  const organizer = screen.getByRole('group', { name: 'Organizer 1' });
  await user.type(within(organizer).getByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(within(organizer).getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await user.type(within(organizer).getByRole('textbox', { name: 'Share ownership (%)' }), '100');
  await user.type(field('Social security number'), '123456789');
  await user.type(field('First name on the social security card'), 'Ada');
  await user.type(field('Last name on the social security card'), 'Lovelace');
}

const next = (user: User) => user.click(screen.getByRole('button', { name: 'Next' }));
const heading = (name: string) => screen.findByRole('heading', { level: 2, name }, WAIT);

// Whole journeys through a Mantine form in happy-dom take several seconds each.
describe('ResidentWizard', { timeout: 30_000 }, () => {
  it('starts on LLC, names every missing field of step 1 and stays there', async () => {
    stubApi();
    const user = await renderWizard();
    expect((screen.getByRole('radio', { name: 'LLC' }) as HTMLInputElement).checked).toBe(true);
    await next(user);
    expect(await screen.findAllByText('This field is required', {}, WAIT)).toHaveLength(7);
    expect(screen.getByRole('heading', { level: 2, name: 'Company information' })).toBeTruthy();
  });

  it("names every missing field of step 2 at once, the agent's first and last name included", async () => {
    stubApi();
    const user = await renderWizard();
    await fillStepOne(user);
    await next(user);
    await heading('Registered agent');
    await next(user);
    // First and last name, address line 1, city, county, zip code and phone number.
    expect(await screen.findAllByText('This field is required', {}, WAIT)).toHaveLength(7);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Last name').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers only formable states, and links to the name search in a 600x600 popup', async () => {
    stubApi();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = await renderWizard();
    await user.click(combobox('State'));
    expect(screen.queryByRole('option', { name: 'Guam', hidden: true })).toBeNull();
    await user.keyboard('{Escape}');

    await choose(user, 'State', 'Maryland');
    expect(screen.getByText('Name availability cannot be checked online for this state.')).toBeTruthy();
    await choose(user, 'State', 'Virginia');
    await user.click(screen.getByRole('link', { name: /Check name availability/ }));
    expect(open).toHaveBeenCalledWith(
      'https://cis.scc.virginia.gov/EntitySearch/Index',
      'name-availability',
      'width=600,height=600',
    );
  });

  it('shows the designator of the entity type and the Other industry field', async () => {
    stubApi();
    const user = await renderWizard();
    const legalName = field('Legal name').closest('.mantine-Input-wrapper')!;
    expect(legalName.textContent).toContain('LLC');
    await user.click(screen.getByRole('radio', { name: 'Corporation' }));
    expect(legalName.textContent).toContain('Corp.');
    expect(screen.queryByRole('textbox', { name: 'Industry name' })).toBeNull();
    await choose(user, 'Industry', 'Other');
    expect(field('Industry name')).toBeTruthy();
  });

  it("keeps values when going back, and clears the agent's county when the state changes", async () => {
    stubApi();
    const user = await renderWizard();
    await fillStepOne(user);
    await next(user);
    await heading('Registered agent');
    await choose(user, 'County', 'Arlington County');
    await user.type(field('City'), 'Richmond');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await heading('Company information');
    expect((field('Legal name') as HTMLInputElement).value).toBe('Blue Ridge Studio');
    await next(user);
    await heading('Registered agent');
    expect((combobox('County') as HTMLInputElement).value).toBe('Arlington County');
    expect((field('City') as HTMLInputElement).value).toBe('Richmond');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await heading('Company information');
    await choose(user, 'State', 'Maryland');
    await next(user);
    await heading('Registered agent');
    expect((combobox('County') as HTMLInputElement).value).toBe('');
    await user.click(combobox('County'));
    expect(await screen.findByRole('option', { name: 'Kent County', hidden: true }, WAIT)).toBeTruthy();
  });

  it('keeps one organizer row, and shows titles and the director switch for officers', async () => {
    stubApi();
    const user = await renderWizard();
    await user.click(screen.getByRole('radio', { name: 'Corporation' }));
    await fillStepOne(user);
    await next(user);
    await heading('Registered agent');
    await fillStepTwo(user);
    await next(user);
    await heading('Officers');
    expect(screen.queryByRole('radio', { name: 'Member' })).toBeNull();
    const officer = screen.getByRole('group', { name: 'Officer 1' });
    expect(within(officer).getByRole('combobox', { name: 'Titles' })).toBeTruthy();
    expect(within(officer).getByRole('switch', { name: 'Director' })).toBeTruthy();

    await user.type(within(officer).getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Add officer' }));
    expect(screen.getByRole('group', { name: 'Officer 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove officer 2' }));
    expect(screen.queryByRole('group', { name: 'Officer 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove officer 1' }));
    const blank = screen.getByRole('group', { name: 'Officer 1' });
    expect((within(blank).getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(blank).findByText('Choose at least one title', {}, WAIT)).toBeTruthy();
  });

  it('masks the zip and the social security number to their digits', async () => {
    stubApi();
    const user = await renderWizard();
    await fillStepOne(user);
    await next(user);
    await heading('Registered agent');
    await user.type(field('Zip code'), '2a32-19999');
    expect((field('Zip code') as HTMLInputElement).value).toBe('23219');
    await fillStepTwo(user);
    await next(user);
    await heading('Organizers');
    await user.type(field('Social security number'), '9x1234567890');
    expect((field('Social security number') as HTMLInputElement).value).toBe('912-34-5678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a valid social security number', {}, WAIT)).toBeTruthy();
  });

  it('stays on step 3 with the catalogue message when the submit fails, with a new key per attempt', async () => {
    const submissions = stubApi({ submitStatus: 500 });
    const user = await renderWizard();
    await fillStepOne(user);
    await next(user);
    await heading('Registered agent');
    await fillStepTwo(user);
    await next(user);
    await heading('Organizers');
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Unexpected error has occurred, please try again later.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Organizers' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submissions).toHaveLength(2), WAIT);
    expect(submissions[0]!.idempotencyKey).toBeTruthy();
    expect(submissions[1]!.idempotencyKey).not.toBe(submissions[0]!.idempotencyKey);
  });

  it('submits the payload, takes the card payment and shows the success message', async () => {
    const submissions = stubApi();
    const user = await renderWizard();
    await fillStepOne(user);
    expect(screen.getByTestId('order-total').textContent).toBe('$256.00');
    await next(user);
    await heading('Registered agent');
    await fillStepTwo(user);
    await next(user);
    await heading('Organizers');
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('Card payment');
    expect(screen.getByText('card form for pi_1_secret_abc: 25600 cents')).toBeTruthy();
    expect(submissions[0]!.body).toMatchObject({
      businessEntityType: 1,
      stateId: 47,
      legalName: 'Blue Ridge Studio',
      industryId: 1,
      couponCode: null,
      registeredAgent: { registeredAgentType: 1, firstName: 'Grace', countyId: 2, zipCode: '23219' },
      businessAddressType: 1,
      businessAddress: null,
      managementStructure: 2,
      organizers: [{ firstName: 'Ada', lastName: 'Lovelace', shareOwnership: '100', titles: [], isDirector: false }],
      socialSecurityNumber: '123-45-6789',
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await heading('Thank you!');
  });
});
