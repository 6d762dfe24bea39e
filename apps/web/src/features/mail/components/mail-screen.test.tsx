import type { MailMessageDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { MailMessageDrawer } from './mail-message-drawer';
import { MailMessagesTable } from './mail-messages-table';
import { ResendMailDialog } from './resend-mail-dialog';

function message(overrides: Partial<MailMessageDto>): MailMessageDto {
  return {
    id: 1,
    queuedAt: '2026-11-20T10:00:00.000Z',
    sentAt: null,
    recipient: 'jane@example.com',
    subject: 'Advisor invited you to Ledgerport',
    kind: 'invitation',
    status: 'kept',
    attempts: 1,
    lastError: null,
    bodyViewable: true,
    ...overrides,
  };
}

/** The route's composition, without the URL state and the permission lookup. */
function Screen({ rows, canResend }: { rows: MailMessageDto[]; canResend: boolean }) {
  const [opened, setOpened] = useState<MailMessageDto | null>(null);
  const [resending, setResending] = useState<MailMessageDto | null>(null);
  return (
    <>
      <MailMessagesTable
        rows={rows}
        totalCount={rows.length}
        page={1}
        pageSize={10}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        isLoading={false}
        isError={false}
        onRetry={() => undefined}
        isFiltered={false}
        selectedId={opened?.id ?? null}
        onOpen={setOpened}
        onResend={canResend ? setResending : undefined}
      />
      <MailMessageDrawer message={opened} onClose={() => setOpened(null)} />
      <ResendMailDialog target={resending} onClose={() => setResending(null)} />
    </>
  );
}

function stubApi() {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.endsWith('/resend')) return jsonResponse(message({ id: 2, status: 'queued' }));
      return jsonResponse({
        id: 1,
        recipient: 'jane@example.com',
        subject: 'Advisor invited you to Ledgerport',
        html: '<!doctype html><html><head><title>x</title></head><body><a href="http://localhost/register?token=t">Create your account</a></body></html>',
        text: 'Create your account: http://localhost/register?token=t',
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Mail screen', () => {
  it('lists delivery in words and sends a failed message again after a confirmation', async () => {
    const calls = stubApi();
    renderWithProviders(
      <Screen
        canResend
        rows={[
          message({ id: 1 }),
          message({
            id: 2,
            recipient: 'bounced@example.com',
            status: 'failed',
            attempts: 8,
            lastError: '550 no such user',
          }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Outgoing e-mail' });
    const [, kept, failed] = within(table).getAllByRole('row');
    expect(within(kept!).getByText('Kept (no SMTP)')).toBeTruthy();
    expect(within(kept!).getByText('Invitation')).toBeTruthy();
    expect(within(kept!).queryByRole('button', { name: /Send the message/ })).toBeNull();
    expect(within(failed!).getByText('550 no such user')).toBeTruthy();

    await userEvent.click(
      within(failed!).getByRole('button', { name: 'Send the message to bounced@example.com again' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send again' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', url: '/api/v1/identity/mail/messages/2/resend' }),
    );
  });

  it('offers no "Send again" without mail:resend', () => {
    stubApi();
    renderWithProviders(<Screen canResend={false} rows={[message({ status: 'failed' })]} />);
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
  });

  it('shows the message in a sandboxed frame whose links open in a new tab', async () => {
    const calls = stubApi();
    renderWithProviders(<Screen canResend rows={[message({})]} />);
    await userEvent.click(screen.getByRole('button', { name: /Details of the message to jane@example.com/ }));
    const frame = await screen.findByTitle('The message as its recipient sees it');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<head><base target="_blank"><title>');
    expect(frame.getAttribute('srcdoc')).toContain('register?token=t');
    expect(calls).toContainEqual({ method: 'GET', url: '/api/v1/identity/mail/messages/1/body' });
  });

  it('asks for no body when none can be shown (production, or erased)', async () => {
    const calls = stubApi();
    renderWithProviders(<Screen canResend rows={[message({ bodyViewable: false, status: 'sent' })]} />);
    await userEvent.click(screen.getByRole('button', { name: /Details of the message/ }));
    expect(await screen.findByText(/message bodies are never shown in production/)).toBeTruthy();
    expect(screen.queryByTitle('The message as its recipient sees it')).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/body'))).toEqual([]);
  });
});
