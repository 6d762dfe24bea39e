import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fakePdf } from '@/testing/fake-pdf';
import { renderWithProviders } from '@/testing/test-utils';
import { DocumentViewer, type ViewerItem } from './document-viewer';
import { PdfPasswordError, type PdfOpener } from './pdf-file';

// pdf.js draws on a canvas, which happy-dom has not: the viewer gets a stand-in for the open PDF.
// The browser suite (e2e/document-viewer.spec.ts) opens real PDFs with pdf.js.
const openPdf = vi.fn<PdfOpener>();

const ITEMS: ViewerItem[] = [
  { id: 1, fileName: 'statement-march.pdf', contentType: 'application/pdf' },
  { id: 2, fileName: 'receipt.png', contentType: 'image/png' },
  { id: 3, fileName: 'payroll.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
];

/** The viewer as a list screen holds it: the id on screen in state. */
function Harness({
  startId,
  loadFile,
  onDownload = async () => {},
  items = ITEMS,
}: {
  startId: number;
  loadFile: (item: ViewerItem, signal: AbortSignal) => Promise<Blob>;
  onDownload?: (item: ViewerItem) => Promise<void>;
  items?: ViewerItem[];
}) {
  const [currentId, setCurrentId] = useState<ViewerItem['id'] | null>(startId);
  return (
    <DocumentViewer
      items={items}
      currentId={currentId}
      onNavigate={setCurrentId}
      onClose={() => setCurrentId(null)}
      loadFile={loadFile}
      onDownload={onDownload}
      openPdf={openPdf}
    />
  );
}

const WAIT = { timeout: 5_000 };
const pdfBlob = () => new Blob(['%PDF-1.4'], { type: 'application/pdf' });

describe('DocumentViewer', () => {
  beforeEach(() => {
    openPdf.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:viewer-test');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("is titled with the file's real name and turns a PDF's pages with the buttons and the keys", async () => {
    openPdf.mockResolvedValue(fakePdf(3));
    const loadFile = vi.fn(async () => pdfBlob());
    const user = userEvent.setup();
    renderWithProviders(<Harness startId={1} loadFile={loadFile} />);

    const dialog = await screen.findByRole('dialog', { name: 'statement-march.pdf' }, WAIT);
    expect(await within(dialog).findByText('Page 1 of 3', {}, WAIT)).toBeTruthy();
    expect(loadFile).toHaveBeenCalledWith(ITEMS[0], expect.any(AbortSignal));
    expect(within(dialog).getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(within(dialog).getByText('Page 2 of 3')).toBeTruthy();
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByText('Page 3 of 3')).toBeTruthy();
    // Past the last page there is nothing further for Page Down.
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByText('Page 3 of 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByText('Page 2 of 3')).toBeTruthy();
    await user.keyboard('{PageUp}');
    expect(within(dialog).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Page 1 of 3 of statement-march.pdf' })).toBeTruthy();
  });

  it('walks the list with Previous and Next document, the arrows going on past the last page', async () => {
    openPdf.mockResolvedValue(fakePdf(2));
    const loadFile = vi.fn(async (item: ViewerItem) =>
      item.contentType === 'application/pdf' ? pdfBlob() : new Blob(['png'], { type: 'image/png' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness startId={1} loadFile={loadFile} />);

    let dialog = await screen.findByRole('dialog', { name: 'statement-march.pdf' }, WAIT);
    expect(within(dialog).getByText('1 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Previous document' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await within(dialog).findByText('Page 1 of 2', {}, WAIT);
    await user.keyboard('{ArrowRight}'); // page 2
    expect(within(dialog).getByText('Page 2 of 2')).toBeTruthy();
    await user.keyboard('{ArrowRight}'); // past the last page: the next document

    dialog = await screen.findByRole('dialog', { name: 'receipt.png' }, WAIT);
    expect(within(dialog).getByText('2 of 3')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'receipt.png' }, WAIT)).toHaveProperty(
      'src',
      'blob:viewer-test',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Next document' }));
    dialog = await screen.findByRole('dialog', { name: 'payroll.xlsx' }, WAIT);
    // Not a type the viewer shows: nothing fetched, Download offered.
    expect(within(dialog).getByText(/This type of file cannot be shown here/)).toBeTruthy();
    expect(loadFile).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByRole('button', { name: 'Next document' }).getAttribute('aria-disabled')).toBe('true');
    // The picture's object URL went when it left the screen.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:viewer-test');

    await user.click(within(dialog).getByRole('button', { name: 'Previous document' }));
    expect(await screen.findByRole('dialog', { name: 'receipt.png' }, WAIT)).toBeTruthy();
  });

  it('downloads the file on screen, and closes with Escape releasing the PDF', async () => {
    const pdf = fakePdf(1);
    openPdf.mockResolvedValue(pdf);
    const onDownload = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithProviders(<Harness startId={1} loadFile={async () => pdfBlob()} onDownload={onDownload} />);

    const dialog = await screen.findByRole('dialog', { name: 'statement-march.pdf' }, WAIT);
    await within(dialog).findByText('Page 1 of 1', {}, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(ITEMS[0]);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(pdf.destroy).toHaveBeenCalled();
  });

  it('says what went wrong and what to do: try again after a failed load, Download for a protected PDF', async () => {
    const loadFile = vi
      .fn<(item: ViewerItem, signal: AbortSignal) => Promise<Blob>>()
      .mockRejectedValueOnce(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }))
      .mockResolvedValue(pdfBlob());
    openPdf.mockRejectedValue(new PdfPasswordError());
    const onDownload = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithProviders(<Harness startId={1} loadFile={loadFile} onDownload={onDownload} />);

    const dialog = await screen.findByRole('dialog', { name: 'statement-march.pdf' }, WAIT);
    const failed = await within(dialog).findByRole('alert', {}, WAIT);
    expect(failed.textContent).toContain('The file could not be loaded. Check your connection and try again');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));

    const locked = await within(dialog).findByText(/This PDF is protected by a password/, {}, WAIT);
    expect(loadFile).toHaveBeenCalledTimes(2);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(within(locked.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(ITEMS[0]);
  });

  it('tells a document that is gone from one it cannot read', async () => {
    const loadFile = vi.fn(async () => {
      throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'gone' });
    });
    renderWithProviders(<Harness startId={2} loadFile={loadFile} />);
    const dialog = await screen.findByRole('dialog', { name: 'receipt.png' }, WAIT);
    const alert = await within(dialog).findByRole('alert', {}, WAIT);
    expect(alert.textContent).toContain('This document no longer exists or you no longer have access to it.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });
});
