import type { TagGroupDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { TagGroupsTable, type TagGroupsTableProps } from './tag-groups-table';

const GROUPS: TagGroupDto[] = [
  {
    id: 1,
    version: '11',
    name: 'document-type',
    displayName: 'Document type',
    isMainTagGroup: true,
    color: '#3949AB',
    ordinal: 1,
    tags: [
      {
        id: 10,
        version: '101',
        tagGroupId: 1,
        name: 'tax-return',
        displayName: 'Tax Return',
        isActive: true,
        servicesItDepends: [1],
        tagGroupsItActivates: [],
      },
    ],
  },
  {
    id: 2,
    version: '21',
    name: 'quarter',
    displayName: 'Quarter',
    isMainTagGroup: false,
    color: '#00897B',
    ordinal: 2,
    tags: [
      {
        id: 20,
        version: '201',
        tagGroupId: 2,
        name: 'q1',
        displayName: 'Q1',
        isActive: false,
        servicesItDepends: [],
        tagGroupsItActivates: [],
      },
    ],
  },
];

const ALL = { add: true, edit: true, delete: true, changeStatus: true };

function renderTable(overrides: Partial<TagGroupsTableProps> = {}) {
  const props: TagGroupsTableProps = {
    groups: GROUPS,
    isLoading: false,
    isError: false,
    onRetry: vi.fn(),
    isFiltered: false,
    permissions: ALL,
    onReorder: vi.fn(),
    onAddTag: vi.fn(),
    onEditGroup: vi.fn(),
    onDeleteGroup: vi.fn(),
    onEditTag: vi.fn(),
    onDeleteTag: vi.fn(),
    onChangeTagStatus: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<TagGroupsTable {...props} />);
  return { props, user: userEvent.setup() };
}

describe('TagGroupsTable', () => {
  it('marks the main group and lists tags as chips, inactive ones named as such', () => {
    renderTable();
    const [, mainRow, quarterRow] = screen.getAllByRole('row');
    expect(within(mainRow!).getByRole('img', { name: 'Main tag group' })).toBeTruthy();
    expect(within(quarterRow!).queryByRole('img', { name: 'Main tag group' })).toBeNull();
    expect(within(mainRow!).getByRole('button', { name: 'Tax Return' })).toBeTruthy();
    expect(within(quarterRow!).getByRole('button', { name: 'Q1 (Inactive)' })).toBeTruthy();
  });

  it("reveals a tag's own actions when its chip is selected, worded by its state", async () => {
    const { props, user } = renderTable();
    expect(screen.queryByRole('button', { name: 'Edit tag Q1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Q1 (Inactive)' }));

    expect(screen.getByRole('button', { name: 'Q1 (Inactive)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Activate tag Q1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete tag Q1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit tag Q1' }));
    expect(props.onEditTag).toHaveBeenCalledWith(GROUPS[1]!.tags[0], GROUPS[1]);
    // The action ends the selection.
    expect(screen.queryByRole('button', { name: 'Edit tag Q1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Tax Return' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate tag Tax Return' }));
    expect(props.onChangeTagStatus).toHaveBeenCalledWith(GROUPS[0]!.tags[0]);
  });

  it('shows only the actions the user may take', () => {
    renderTable({ permissions: { add: false, edit: false, delete: true, changeStatus: false } });
    expect(screen.queryByRole('button', { name: 'Add tag to Quarter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit tag group Quarter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete tag group Quarter' })).toBeTruthy();
    // Without edit the order cannot be changed either.
    expect(screen.getByRole('button', { name: 'Drag to reorder Quarter' }).hasAttribute('disabled')).toBe(true);
  });

  it('turns the drag handles off while a search is active', () => {
    renderTable({ isFiltered: true });
    expect(screen.getByRole('button', { name: 'Drag to reorder Quarter' }).hasAttribute('disabled')).toBe(true);
  });

  it('tells an empty list from a search without results', () => {
    renderTable({ groups: [], emptyAction: <button type="button">Create tag group</button> });
    expect(screen.getByText('There are no items to display.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create tag group' })).toBeTruthy();
  });

  it('says a search found nothing', () => {
    renderTable({ groups: [], isFiltered: true });
    expect(screen.getByText('Your search returned no results. Make sure you search properly')).toBeTruthy();
  });
});
