import type { DocumentTagGroupOption } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { TagPicker } from './tag-picker';

const TAX = 1;
const BOOKKEEPING = 3;
const QUARTER = 20;
const YEAR = 30;

/** The demo firm's rule, trimmed: a bank statement needs a quarter and a year, a license nothing more. */
const GROUPS: DocumentTagGroupOption[] = [
  {
    id: 10,
    displayName: 'Document type',
    color: '#3949AB',
    isMainTagGroup: true,
    tags: [
      { id: 11, displayName: 'Tax Return', tagGroupId: 10, servicesItDepends: [TAX], tagGroupsItActivates: [YEAR] },
      {
        id: 12,
        displayName: 'License',
        tagGroupId: 10,
        servicesItDepends: [TAX, BOOKKEEPING],
        tagGroupsItActivates: [],
      },
      {
        id: 13,
        displayName: 'bank statement',
        tagGroupId: 10,
        servicesItDepends: [BOOKKEEPING],
        tagGroupsItActivates: [QUARTER, YEAR],
      },
    ],
  },
  {
    id: QUARTER,
    displayName: 'Quarter',
    color: '#00897B',
    isMainTagGroup: false,
    tags: [
      { id: 21, displayName: 'Q1', tagGroupId: QUARTER, servicesItDepends: [], tagGroupsItActivates: [] },
      { id: 22, displayName: 'Q2', tagGroupId: QUARTER, servicesItDepends: [], tagGroupsItActivates: [] },
    ],
  },
  {
    id: YEAR,
    displayName: 'Year',
    color: '#F4511E',
    isMainTagGroup: false,
    tags: [{ id: 31, displayName: '2025', tagGroupId: YEAR, servicesItDepends: [], tagGroupsItActivates: [] }],
  },
];

const changes = vi.fn();

function Picker({ serviceId, initial = [] }: { serviceId: number | null; initial?: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <TagPicker
      serviceId={serviceId}
      value={value}
      onChange={(next) => {
        changes(next);
        setValue(next);
      }}
      error={value.length === 0 ? 'Choose a tag in Document type' : undefined}
    />
  );
}

const select = (label: string) => screen.queryByRole<HTMLInputElement>('combobox', { name: label });
const isEnabled = (label: string) => select(label)?.disabled === false;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(select(label)!);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('TagPicker', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(GROUPS)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    changes.mockReset();
  });

  it('offers only the main tags of the chosen service, and nothing else until one is chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker serviceId={BOOKKEEPING} />);

    await waitFor(() => expect(isEnabled('Document type')).toBe(true));
    expect(select('Quarter')).toBeNull();
    expect(select('Year')).toBeNull();
    await user.click(select('Document type')!);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['License', 'bank statement']);
    expect(screen.getByText('Choose a tag in Document type')).toBeTruthy();
  });

  it('shows the groups a main tag activates, and choosing another main tag resets the rest', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker serviceId={BOOKKEEPING} />);
    await waitFor(() => expect(isEnabled('Document type')).toBe(true));

    await choose(user, 'Document type', 'bank statement');
    expect(changes).toHaveBeenLastCalledWith([13]);
    expect(select('Quarter')).toBeTruthy();
    expect(select('Year')).toBeTruthy();

    await choose(user, 'Quarter', 'Q1');
    await choose(user, 'Quarter', 'Q2');
    await choose(user, 'Year', '2025');
    // One tag per group: Q2 replaced Q1.
    expect(changes).toHaveBeenLastCalledWith([13, 22, 31]);

    await choose(user, 'Document type', 'License');
    expect(changes).toHaveBeenLastCalledWith([12]);
    expect(select('Quarter')).toBeNull();
    expect(select('Year')).toBeNull();
  });

  it('stays disabled until a service is chosen', async () => {
    renderWithProviders(<Picker serviceId={null} />);

    // The select appears once the tag groups have loaded, so loading no longer keeps it disabled:
    // the missing service does, as its placeholder says.
    const picker = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Document type' });
    expect(picker.placeholder).toBe('Choose a service first');
    expect(isEnabled('Document type')).toBe(false);
  });
});
