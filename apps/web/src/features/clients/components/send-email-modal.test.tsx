import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SendEmailModal } from './send-email-modal';

describe('SendEmailModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "This field is required" for an empty subject and body, never the contract\'s code', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SendEmailModal opened query={{}} onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Send e-mail' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(2);
    expect(screen.queryByText('REQUIRED')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
