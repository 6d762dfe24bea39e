import type { TagDto, TagGroupDto } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DeleteTagDialog, DeleteTagGroupDialog } from './tag-confirm-dialogs';

const tag: TagDto = {
  id: 7,
  tagGroupId: 2,
  name: 'w2',
  displayName: 'W-2',
  isActive: true,
  servicesItDepends: [],
  tagGroupsItActivates: [],
};
const group = { id: 2, name: 'forms', displayName: 'Forms' } as TagGroupDto;

function refuse(body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ error: { requestId: 'r', ...body } }, { status: 409 })),
  );
}

describe('deleting a tag that documents use', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the tag is in use and by how many documents', async () => {
    refuse({ code: 'TAG_IN_USE', message: 'W-2 is used by 3 documents', details: { documentCount: 3 } });
    const user = userEvent.setup();
    renderWithProviders(<DeleteTagDialog tag={tag} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText("W-2 is used by 3 documents, so it can't be deleted. Deactivate it instead."),
    ).toBeTruthy();
    expect(screen.queryByText("Couldn't delete the tag.")).toBeNull();
  });

  it('words one document and a group too', async () => {
    refuse({ code: 'TAG_IN_USE', message: 'Forms has tags used by 1 document', details: { documentCount: 1 } });
    const user = userEvent.setup();
    renderWithProviders(<DeleteTagGroupDialog group={group} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText("Forms has tags used by 1 document, so it can't be deleted. Deactivate them instead."),
    ).toBeTruthy();
  });

  it('keeps the general message for other failures', async () => {
    refuse({ code: 'CONFLICT', message: 'Something else' });
    const user = userEvent.setup();
    renderWithProviders(<DeleteTagDialog tag={tag} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Couldn't delete the tag.")).toBeTruthy();
  });
});
