import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CreateAnnouncementModal } from './create-announcement-modal';

describe('CreateAnnouncementModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires the three texts, without saving', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<CreateAnnouncementModal opened onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Create announcement' });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('picks the expiration date in the Mantine date picker, where days before today cannot be chosen', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 1, title: 'T' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    // happy-dom lays nothing out, so Mantine's focus trap finds nothing focusable in the calendar and
    // logs the whole DOM node (thousands of lines in CI); other warnings still print.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((message: unknown, ...rest: unknown[]) => {
      if (!String(message).includes('use-focus-trap')) warn(message, ...rest);
    });
    const user = userEvent.setup();
    renderWithProviders(<CreateAnnouncementModal opened onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Create announcement' });
    // Not the browser's own date input.
    expect(document.querySelector('input[type="date"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Expiration date/ }));
    const today = dayjs().format('D MMMM YYYY');
    const yesterday = dayjs().subtract(1, 'day');
    const todayButton = await screen.findByRole('button', { name: today, hidden: true });
    if (yesterday.month() === dayjs().month()) {
      const past = screen.getByRole('button', { name: yesterday.format('D MMMM YYYY'), hidden: true });
      expect((past as HTMLButtonElement).disabled || past.getAttribute('data-disabled') === 'true').toBe(true);
    }
    await user.click(todayButton);
    expect(screen.getByRole('button', { name: /Expiration date/ }).textContent).toContain(
      dayjs().format('MMM D, YYYY'),
    );

    await user.click(screen.getByRole('button', { name: 'Clear expiration date' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Expiration date/ }).textContent).not.toContain(
        dayjs().format('MMM D, YYYY'),
      ),
    );
    expect(within(document.body).queryByText('The expiration date cannot be earlier than today')).toBeNull();
  });
});
