import type { TagDto, TagGroupDto } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DeleteTagDialog, DeleteTagGroupDialog, TagStatusDialog } from './tag-confirm-dialogs';

const tag: TagDto = {
  id: 7,
  version: '71',
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

describe('a tag someone changed after the list loaded', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stale = () => {
    const requests: Array<{ method: string; ifMatch: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        requests.push({ method: init.method ?? 'GET', ifMatch: new Headers(init.headers).get('If-Match') });
        return errorResponse(
          412,
          'STALE_VERSION',
          {},
          {
            changedBy: { id: 3, name: 'Ann Smith' },
            changedAt: '2024-05-01T10:00:00.000Z',
            currentVersion: '99',
          },
        );
      }),
    );
    return requests;
  };

  it('is not deleted: the dialog says someone changed it and closes', async () => {
    const requests = stale();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DeleteTagDialog tag={tag} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/W-2 was changed by someone else after this list loaded/)).toBeTruthy();
    expect(requests[0]).toEqual({ method: 'DELETE', ifMatch: `"${tag.version}"` });
    expect(onClose).toHaveBeenCalled();
  });

  it('is not deactivated either', async () => {
    const requests = stale();
    const user = userEvent.setup();
    renderWithProviders(<TagStatusDialog tag={tag} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(/W-2 was changed by someone else after this list loaded/)).toBeTruthy();
    expect(requests[0]).toEqual({ method: 'PATCH', ifMatch: `"${tag.version}"` });
  });
});
