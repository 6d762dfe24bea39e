import { REQUEST_ITEM_KIND, type DocumentTagGroupOption } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { RequestItemDraft } from '../lib/request-item-drafts';
import { RequestItemsEditor } from './request-items-editor';

const BOOKKEEPING = 3;

const GROUPS: DocumentTagGroupOption[] = [
  {
    id: 1,
    displayName: 'Document type',
    color: '#3949AB',
    isMainTagGroup: true,
    tags: [
      {
        id: 7,
        displayName: 'Other Documents',
        tagGroupId: 1,
        servicesItDepends: [BOOKKEEPING],
        tagGroupsItActivates: [],
      },
    ],
  },
];

const draft = (key: string, title: string, overrides: Partial<RequestItemDraft> = {}): RequestItemDraft => ({
  key,
  title,
  description: '',
  kind: REQUEST_ITEM_KIND.documents,
  tagIds: [],
  ...overrides,
});

const changes = vi.fn<(items: RequestItemDraft[]) => void>();

/** The editor under a parent that holds its value, as a form does. */
function Editor({ initial }: { initial: RequestItemDraft[] }) {
  const [items, setItems] = useState(initial);
  return (
    <RequestItemsEditor
      value={items}
      onChange={(next) => {
        changes(next);
        setItems(next);
      }}
      serviceId={BOOKKEEPING}
    />
  );
}

const titles = () =>
  screen
    .getAllByRole('region')
    .map((region) => (within(region).getByRole('textbox', { name: /^Item title/ }) as HTMLInputElement).value);

describe('RequestItemsEditor', () => {
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

  it('adds an item under its own heading and puts the cursor in its title', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editor initial={[draft('a', 'Bank statements')]} />);

    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(screen.getByRole('heading', { name: 'Item 2' })).toBeTruthy();
    const second = screen.getByRole('region', { name: 'Item 2' });
    const title = within(second).getByRole('textbox', { name: /^Item title/ });
    expect(document.activeElement).toBe(title);
    await user.type(title, 'Payroll report');
    expect(titles()).toEqual(['Bank statements', 'Payroll report']);
    expect(changes.mock.lastCall?.[0].map((item) => item.kind)).toEqual([
      REQUEST_ITEM_KIND.documents,
      REQUEST_ITEM_KIND.documents,
    ]);
  });

  it('moves items up and down with buttons named after them, keeping the focus on the moved one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editor initial={[draft('a', 'W-2'), draft('b', '1099'), draft('c', 'Receipts')]} />);

    expect((screen.getByRole('button', { name: 'Move W-2 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Receipts down' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Move Receipts up' }));
    expect(titles()).toEqual(['W-2', 'Receipts', '1099']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Receipts up' }));

    // The keyboard alone: the focused button again, with Enter.
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Receipts', 'W-2', '1099']);
    // At the top its up button is disabled: the focus goes to its down button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Receipts down' }));
    expect(screen.getByText('Receipts is now item 1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move W-2 down' }));
    expect(titles()).toEqual(['Receipts', '1099', 'W-2']);
  });

  it('removes an item but refuses, and says why, for one the client has responded to', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Editor initial={[draft('a', 'W-2', { id: 1, locked: true }), draft('b', '1099', { id: 2 })]} />,
    );

    const locked = screen.getByRole('button', { name: 'Remove W-2' });
    expect(locked.getAttribute('aria-disabled')).toBe('true');
    const reason = 'The client has responded to this item, so it cannot be removed.';
    expect(screen.getByText(reason)).toBeTruthy();
    expect(document.getElementById(locked.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    await user.click(locked);
    expect(changes).not.toHaveBeenCalled();
    expect(titles()).toEqual(['W-2', '1099']);

    await user.click(screen.getByRole('button', { name: 'Remove 1099' }));
    expect(titles()).toEqual(['W-2']);
    expect(changes).toHaveBeenLastCalledWith([expect.objectContaining({ key: 'a', id: 1, locked: true })]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add item' }));
  });

  it('offers tags only for items with documents', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editor initial={[draft('a', 'Home sale', { tagIds: [7] })]} />);
    const item = screen.getByRole('region', { name: 'Item 1' });

    expect(within(item).getByRole('group', { name: 'Tags' })).toBeTruthy();
    expect((within(item).getByRole('radio', { name: 'Documents' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(item).getByRole('radio', { name: 'Answer' }));
    expect(within(item).queryByRole('group', { name: 'Tags' })).toBeNull();
    expect(changes).toHaveBeenLastCalledWith([expect.objectContaining({ kind: REQUEST_ITEM_KIND.answer })]);

    await user.click(within(item).getByRole('radio', { name: 'Documents and answer' }));
    expect(within(item).getByRole('group', { name: 'Tags' })).toBeTruthy();
  });

  it('labels the buttons of an untitled item by its number and shows the errors it is given', () => {
    renderWithProviders(
      <RequestItemsEditor
        value={[draft('a', '')]}
        onChange={changes}
        serviceId={null}
        errors={{ items: 'Add at least one item', rows: [{ title: 'This field is required' }] }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Item title/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Add at least one item')).toBeTruthy();
  });
});
