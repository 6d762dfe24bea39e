import { LEAD_STATUS, type PublicLeadDto } from '@ledgerport/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PdfOpener } from '@/components/document-viewer/pdf-file';
import { buildPublicLead } from '@/testing/factories';
import { fakePdf } from '@/testing/fake-pdf';
import { errorResponse, renderWithProviders } from '@/testing/test-utils';
import { ContractStep } from './contract-step';

const ID_HASH = 'c'.repeat(43);

const LEAD: PublicLeadDto = buildPublicLead(LEAD_STATUS.quote, {
  idHash: ID_HASH,
  version: '3',
  generalInfo: { ...buildPublicLead(LEAD_STATUS.quote).generalInfo!, legalCompanyName: 'Harbor Lane LLC' },
});

describe('contract step (spec 03 section 7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the contract in the app's own viewer, named as its download, with pages to turn", async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        requested.push(input);
        if (input.endsWith('/contract/preview')) {
          return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
            headers: { 'Content-Type': 'application/pdf' },
          });
        }
        return errorResponse(404, 'NOT_FOUND');
      }),
    );
    const openPdf = vi.fn<PdfOpener>(async () => fakePdf(2));
    renderWithProviders(<ContractStep lead={LEAD} onSaved={() => {}} onPrevious={() => {}} openPdf={openPdf} />);

    // No frame: a phone's browser would offer the PDF as a download instead of showing it.
    const page = await screen.findByRole('img', { name: /^Page 1 of 2 of Contract-Harbor Lane LLC-\d{8}\.pdf$/ });
    expect(page.tagName).toBe('CANVAS');
    expect(document.querySelector('iframe')).toBeNull();
    expect(requested).toEqual([`/api/v1/document/onboarding/leads/${ID_HASH}/contract/preview`]);

    // Page Down belongs to the page around the contract; the toolbar turns the contract's pages.
    const toolbar = screen.getByRole('toolbar', { name: 'Page and zoom' });
    fireEvent.keyDown(window, { key: 'PageDown' });
    expect(within(toolbar).getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Next page' }));
    expect(await within(toolbar).findByText('Page 2 of 2')).toBeTruthy();
  });

  it("leaves the contract to the browser's own PDF viewer where it has one (its text reaches screen readers)", async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: true, configurable: true });
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }))),
      );
      const openPdf = vi.fn<PdfOpener>();
      renderWithProviders(<ContractStep lead={LEAD} onSaved={() => {}} onPrevious={() => {}} openPdf={openPdf} />);
      const frame = await screen.findByTitle('Contract');
      expect(frame.tagName).toBe('IFRAME');
      expect(frame.getAttribute('src')).toMatch(/^blob:/);
      expect(openPdf).not.toHaveBeenCalled();
    } finally {
      delete (navigator as { pdfViewerEnabled?: boolean }).pdfViewerEnabled;
    }
  });

  it('says when the contract cannot be fetched and fetches it again on Try again', async () => {
    let answers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        answers += 1;
        return answers === 1
          ? errorResponse(503, 'UNAVAILABLE')
          : new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
              headers: { 'Content-Type': 'application/pdf' },
            });
      }),
    );
    renderWithProviders(
      <ContractStep lead={LEAD} onSaved={() => {}} onPrevious={() => {}} openPdf={async () => fakePdf(2)} />,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await userEvent.click(retry);
    expect(await screen.findByRole('img', { name: /^Page 1 of 2 of Contract-/ })).toBeTruthy();
    expect(answers).toBe(2);
  });
});
