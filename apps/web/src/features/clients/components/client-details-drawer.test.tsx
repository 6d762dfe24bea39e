import type { ClientDetailsPanelDto } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ClientDetailsDrawer } from './client-details-drawer';

const client: ClientDetailsPanelDto = {
  id: 5,
  clientType: 1,
  name: 'Acme',
  fullName: 'Acme',
  firstName: null,
  lastName: null,
  tradeName: null,
  website: null,
  isActive: true,
  emailAddress: null,
  phoneNumber: '5552223333',
  maskedTaxpayerIdentificationNumber: null,
  maskedSocialSecurityNumber: null,
  maskedBirthDate: null,
  maritalStatus: null,
  address: {
    addressLine1: '12 Main St',
    addressLine2: null,
    city: 'Springfield',
    state: { id: 14, name: 'Illinois' },
    zipCode: '62701',
  },
  services: [],
  owner: { id: 1, fullName: 'Olive Owner' },
  advisor: null,
  collaborators: [],
  spouse: null,
};

describe('ClientDetailsDrawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the address as its parts joined by commas and empty values with the one filler', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(client)),
    );
    renderWithProviders(<ClientDetailsDrawer clientId={5} onClose={vi.fn()} />);
    expect(await screen.findByText('12 Main St, Springfield, Illinois, 62701')).toBeTruthy();
    expect(screen.getAllByText('—').length).toBeGreaterThan(1);
    expect(screen.queryByText('-')).toBeNull();
  });
});
