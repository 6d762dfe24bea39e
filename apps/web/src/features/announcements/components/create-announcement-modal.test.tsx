import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CreateAnnouncementModal } from './create-announcement-modal';

describe('CreateAnnouncementModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires the three texts and refuses an expiration date before today, without saving', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<CreateAnnouncementModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create announcement' });

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(screen.getByLabelText(/Expiration date/), { target: { value: yesterday } });
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(dialog.textContent).toContain('The expiration date cannot be earlier than today');
    expect(fetchMock).not.toHaveBeenCalled();

    // Clearing the date removes the complaint: no date means it never expires.
    await user.click(screen.getByRole('button', { name: 'Clear expiration date' }));
    expect(dialog.textContent).not.toContain('The expiration date cannot be earlier than today');
  });
});
