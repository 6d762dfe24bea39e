import { SEND_INVITATION_RESULT } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { SendInvitationDialog } from './send-invitation-dialog';

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<SendInvitationDialog opened onClose={onClose} />);
  return { onClose, view, user: userEvent.setup() };
}

const email = () => screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
const result = (resultType: number) => jsonResponse({ resultType, errorMessage: resultType === 1 ? null : 'x' });

describe('SendInvitationDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires an address that looks like one, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDialog();
    await screen.findByRole('dialog', { name: 'Send invitation' });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();

    await user.type(email(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed address, confirms it by name and closes', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => result(SEND_INVITATION_RESULT.success));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onClose } = renderDialog();

    await user.type(email(), ' jane@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Invitation has been sent to jane@example.com')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/document/invitations/send');
    expect(JSON.parse(String(init?.body))).toEqual({ recipientEmailAddress: 'jane@example.com' });
  });

  it.each([
    [SEND_INVITATION_RESULT.registeredUser, 'jane@example.com is already a registered user'],
    [
      SEND_INVITATION_RESULT.ownerOrCollaborator,
      'jane@example.com is already the owner or a collaborator of this account',
    ],
  ])('names the address for result %i and stays open', async (resultType, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => result(resultType)),
    );
    const { user, onClose } = renderDialog();

    await user.type(email(), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(email().value).toBe('jane@example.com');
  });

  it('says it could not send and clears the form on failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(500, 'INTERNAL_ERROR')),
    );
    const { user } = renderDialog();

    await user.type(email(), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('An error occurred. The invitation could not be sent.')).toBeTruthy();
    await waitFor(() => expect(email().value).toBe(''));
  });

  it('starts empty again after closing', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user, view, onClose } = renderDialog();
    await user.type(email(), 'half-typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();

    view.rerender(<SendInvitationDialog opened={false} onClose={onClose} />);
    view.rerender(<SendInvitationDialog opened onClose={onClose} />);
    expect(((await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement).value).toBe('');
  });
});
