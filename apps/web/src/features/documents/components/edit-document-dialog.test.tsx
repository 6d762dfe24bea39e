import { ERROR_CODE, type DocumentListItemDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { EditDocumentDialog } from './edit-document-dialog';

const document: DocumentListItemDto = {
  id: 5,
  version: '905',
  displayName: 'Bank statement March',
  clientId: 10,
  client: 'Acme LLC',
  serviceId: 3,
  service: { displayName: 'Bookkeeping', color: '#43A047' },
  tags: [],
  description: 'Original',
  status: 1,
  creationTime: '2026-03-07T10:00:00.000Z',
  creatorUser: { id: 7, fullName: 'Ada Lovelace' },
  numberOfComments: 0,
  type: 2,
  fileName: 'march.pdf',
  contentType: 'application/pdf',
  size: 1000,
};

describe('EditDocumentDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires a name, then saves the form to the route of the document kind and says so', async () => {
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return new Response(null, { status: 204 });
      if (input.endsWith('/document/clients/10/services')) {
        return jsonResponse([
          { id: 3, name: 'bookkeeping', displayName: 'Bookkeeping', color: '#43A047', departmentId: 1 },
        ]);
      }
      if (input.endsWith('/document/documents/tag-groups')) return jsonResponse([]);
      throw new Error(`Unexpected ${input}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<EditDocumentDialog document={document} isClient={false} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Edit document' });
    expect(within(dialog).getByRole('combobox', { name: /^Client/ })).toHaveProperty('value', 'Acme LLC');
    const name = within(dialog).getByRole('textbox', { name: /^Document name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();

    await user.type(name, '  Bank statement April ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bank statement April has been updated successfully')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/v1/document/documents/received/5');
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      displayName: 'Bank statement April',
      clientId: 10,
      serviceId: 3,
      tags: [],
      description: 'Original',
    });
  }, 20_000);

  it('keeps the typed name when someone saved meanwhile, takes their description in, and saves both', async () => {
    const theirs = { ...document, version: '906', description: 'Theirs', uploadedOnBehalfOfClient: false, sha256: 'x' };
    const puts: Array<{ ifMatch: string | null; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push({ ifMatch: new Headers(init.headers).get('if-match'), body: JSON.parse(String(init.body)) });
          if (puts.length === 1) {
            return errorResponse(
              412,
              ERROR_CODE.staleVersion,
              {},
              {
                changedBy: { id: 8, name: 'Avery Advisor' },
                changedAt: '2026-11-26T14:05:00.000Z',
                currentVersion: '906',
              },
            );
          }
          return jsonResponse({ ...theirs, displayName: 'Bank statement April', version: '907' });
        }
        if (input.endsWith('/document/documents/5')) return jsonResponse(theirs);
        if (input.endsWith('/document/clients/10/services')) {
          return jsonResponse([
            { id: 3, name: 'bookkeeping', displayName: 'Bookkeeping', color: '#43A047', departmentId: 1 },
          ]);
        }
        if (input.endsWith('/document/documents/tag-groups')) return jsonResponse([]);
        throw new Error(`Unexpected ${input}`);
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<EditDocumentDialog document={document} isClient={false} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Edit document' });
    const name = within(dialog).getByRole('textbox', { name: /^Document name/ });
    await user.clear(name);
    await user.type(name, 'Bank statement April');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Avery Advisor saved it on');
    expect(alert.textContent).toContain('They changed: Description.');
    expect((name as HTMLInputElement).value).toBe('Bank statement April');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Take their changes, keep mine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts.map((put) => put.ifMatch)).toEqual(['"905"', '"906"']);
    expect(puts[1]!.body).toMatchObject({ displayName: 'Bank statement April', description: 'Theirs' });
  }, 20_000);
});
