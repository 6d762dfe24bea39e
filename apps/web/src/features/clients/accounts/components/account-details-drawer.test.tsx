import { CLIENT_TYPE, type MyClientDetails } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AccountDetailsDrawer } from './account-details-drawer';

const details: MyClientDetails = {
  id: 5,
  clientType: CLIENT_TYPE.business,
  fullName: 'Harbour Supplies LLC',
  tradeName: null,
  maskedTaxpayerIdentificationNumber: '**-***6789',
  website: null,
  maskedSocialSecurityNumber: null,
  maskedBirthDate: null,
  emailAddress: null,
  phoneNumber: null,
  address: null,
  services: [],
  owner: { id: 1, fullName: 'Olive Owner' },
  advisor: null,
  collaborators: [],
  maritalStatus: null,
  spouse: null,
};

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

function stubFetch(picture: () => Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/document/users/me/clients/5/details')) return jsonResponse(details);
    if (url.includes('/document/clients/5/profile-picture')) return picture();
    throw new Error(`Unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('AccountDetailsDrawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the client's profile picture, fetched through the API client", async () => {
    const fetchMock = stubFetch(() => new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } }));
    renderWithProviders(<AccountDetailsDrawer clientId={5} onClose={() => {}} />);
    await screen.findByText('**-***6789');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/document/clients/5/profile-picture'))).toBe(
        true,
      ),
    );
    const image = await screen.findByRole('img', { name: 'Profile picture of Harbour Supplies LLC' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('shows the initials when the client has no picture or it cannot be fetched', async () => {
    for (const status of [404, 500]) {
      stubFetch(() => jsonResponse({ error: { code: 'X', message: 'x', requestId: 'r' } }, { status }));
      const view = renderWithProviders(<AccountDetailsDrawer clientId={5} onClose={() => {}} />);
      await screen.findByText('**-***6789');
      await waitFor(() => expect(screen.getByText('HS')).toBeTruthy());
      expect(screen.queryByRole('img', { name: /Profile picture/ })).toBeNull();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
