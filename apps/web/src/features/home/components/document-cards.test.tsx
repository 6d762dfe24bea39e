import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DocumentCards } from './document-cards';

describe('DocumentCards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows how many documents each list holds, in the card links', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ myUploads: 1, received: 12 })),
    );
    renderWithProviders(<DocumentCards receivedDocsHref="/received-docs" myUploadsHref="/my-uploads" />);

    expect(await screen.findByRole('link', { name: /Received docs.*12 documents/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /My uploads.*1 document$/ })).toBeTruthy();
  });

  it('still leads to the lists when the counts cannot be loaded', async () => {
    const fetchMock = vi.fn(async () => errorResponse(500, 'INTERNAL_ERROR'));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DocumentCards receivedDocsHref="/received-docs" />);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: /Received docs/ }).getAttribute('href')).toBe('/received-docs');
    expect(screen.queryByRole('link', { name: /My uploads/ })).toBeNull();
  });
});
