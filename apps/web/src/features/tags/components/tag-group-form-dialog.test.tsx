import { ERROR_CODE, type TagGroupDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { TagGroupFormDialog } from './tag-group-form-dialog';

describe('TagGroupFormDialog when someone else saved the group meanwhile', () => {
  afterEach(() => vi.unstubAllGlobals());

  const LOADED: TagGroupDto = {
    id: 4,
    version: '41',
    name: 'quarter',
    displayName: 'Quarter',
    isMainTagGroup: false,
    color: '#3949AB',
    ordinal: 2,
    tags: [],
  };
  const THEIRS: TagGroupDto = { ...LOADED, version: '42', displayName: 'Fiscal quarter' };

  /** The first save is refused (412, Ann saved version 42); later saves succeed. */
  function stubStaleApi() {
    const puts: Array<{ url: string; ifMatch: string | null; body: Record<string, unknown> }> = [];
    const gets: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        if (url.endsWith('/is-available')) return jsonResponse(true);
        if (method === 'GET') {
          gets.push(url);
          if (url === '/api/v1/document/tag-groups/4') return jsonResponse(THEIRS);
        }
        if (method === 'PUT') {
          const body = JSON.parse(String(init.body));
          puts.push({ url, ifMatch: new Headers(init.headers).get('If-Match'), body });
          if (puts.length === 1) {
            return errorResponse(
              412,
              ERROR_CODE.staleVersion,
              {},
              {
                changedBy: { id: 3, name: 'Ann Smith' },
                changedAt: '2024-05-01T10:00:00.000Z',
                currentVersion: '42',
              },
            );
          }
          return jsonResponse({ ...THEIRS, ...body, version: '43' });
        }
        return errorResponse(404, 'NOT_FOUND');
      }),
    );
    return { puts, gets };
  }

  function renderDialog() {
    const onClose = vi.fn();
    renderWithProviders(<TagGroupFormDialog opened group={LOADED} mainGroup={null} onClose={onClose} />);
    return { onClose, user: userEvent.setup() };
  }

  const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

  it('keeps what was typed, names who saved and what they changed, and can take their changes in', async () => {
    const { puts, gets } = stubStaleApi();
    const { user, onClose } = renderDialog();

    expect(await screen.findByRole('dialog', { name: 'Edit tag group' })).toBeTruthy();
    await user.clear(input(/^Name/));
    await user.type(input(/^Name/), 'quarter-fy');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved this while you were editing');
    expect(alert.textContent).toContain('Ann Smith saved it on');
    expect(alert.textContent).toContain('What you typed is still here.');
    expect(alert.textContent).toContain('They changed: Display name.');
    expect(puts[0]).toMatchObject({ url: '/api/v1/document/tag-groups/4', ifMatch: '"41"' });
    expect(gets).toContain('/api/v1/document/tag-groups/4');
    expect(input(/^Name/).value).toBe('quarter-fy');
    expect(input(/^Display name/).value).toBe('Quarter');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Take their changes, keep mine' }));
    expect(input(/^Display name/).value).toBe('Fiscal quarter');
    expect(input(/^Name/).value).toBe('quarter-fy');
    expect(screen.queryByRole('button', { name: 'Save mine over theirs' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(puts).toHaveLength(2);
    expect(puts[1]).toEqual({
      url: '/api/v1/document/tag-groups/4',
      ifMatch: '"42"',
      body: { name: 'quarter-fy', displayName: 'Fiscal quarter', color: '#3949AB', isMainTagGroup: false },
    });
  });

  it('saves mine over theirs on purpose, with their version', async () => {
    const { puts } = stubStaleApi();
    const { user, onClose } = renderDialog();

    await user.clear(await screen.findByLabelText(/^Name/));
    await user.type(input(/^Name/), 'quarter-fy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save mine over theirs' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(puts.map((put) => put.ifMatch)).toEqual(['"41"', '"42"']);
    expect(puts[1]!.body).toEqual({
      name: 'quarter-fy',
      displayName: 'Quarter',
      color: '#3949AB',
      isMainTagGroup: false,
    });
  });
});
