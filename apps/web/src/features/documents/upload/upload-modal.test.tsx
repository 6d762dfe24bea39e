import { DOCUMENT_LIMITS, ROLE_NAME } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentClient, startSession } from '@/lib/session';
import { buildMyClient, buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { UploadModal } from './upload-modal';

function pdf(name: string, size?: number) {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  // A real 100 MB buffer would only slow the test down: the check reads the size.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const uploadButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' });

describe('UploadModal', () => {
  beforeEach(() => {
    startSession({
      accessToken: 'token',
      user: buildSessionUser({ roles: [ROLE_NAME.client] }),
      permissions: ['my-upload:add'],
    });
    setCurrentClient(buildMyClient({ id: 7 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        jsonResponse(
          input.includes('/services')
            ? [{ id: 3, name: 'bookkeeping', displayName: 'Bookkeeping', color: 'teal', departmentId: 1 }]
            : [],
        ),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps files over the size limit out of the list and says why', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadModal opened onClose={vi.fn()} onUploaded={vi.fn()} />);
    await screen.findByRole('button', { name: 'Choose files' });
    expect(uploadButton().disabled).toBe(true);

    await user.upload(fileInput(), [pdf('small.pdf'), pdf('huge.pdf', DOCUMENT_LIMITS.maxFileBytes + 1)]);

    expect(await screen.findByText('huge.pdf is larger than 100 MB and was not added')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Files to upload' });
    expect(within(table).getByText('small.pdf')).toBeTruthy();
    expect(within(table).queryByText('huge.pdf')).toBeNull();
    expect(uploadButton().disabled).toBe(false);
  });

  it('asks for a document name only while exactly one file is listed, starting from the file name', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadModal opened onClose={vi.fn()} onUploaded={vi.fn()} />);
    await screen.findByRole('button', { name: 'Choose files' });

    await user.upload(fileInput(), [pdf('march.pdf')]);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Document name' }).value).toBe('march');

    await user.upload(fileInput(), [pdf('april.pdf')]);
    expect(screen.queryByRole('textbox', { name: 'Document name' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove march.pdf' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Document name' }).value).toBe('april');
  });

  it('needs a service before sending, without a client field for a client user', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadModal opened onClose={vi.fn()} onUploaded={vi.fn()} />);
    await screen.findByRole('button', { name: 'Choose files' });
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Upload on behalf of the client' })).toBeNull();

    await user.upload(fileInput(), [pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(uploadButton());

    expect(await screen.findByText('This field is required')).toBeTruthy();
  });
});
