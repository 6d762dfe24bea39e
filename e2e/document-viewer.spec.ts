import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support.js';
import { GROUP2, apiSignIn, runTag, uploadDocument, uploadTargets } from './support-documents.js';

/*
 * The in-app viewer (issue 25 item 3): a real two-page PDF drawn by pdf.js under the app's CSP, a
 * picture, Previous and Next across the list on screen, and Download under the real file name.
 */

/** A valid PDF with one page per text, each page showing its text and a filled square. */
function pdfWithPages(texts: readonly string[]): Buffer {
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const pageIds = texts.map((_, index) => 4 + index * 2);
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${texts.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  texts.forEach((text, index) => {
    const content = `BT /F1 36 Tf 72 700 Td (${text}) Tj ET 0.2 0.3 0.8 rg 72 400 240 160 re f`;
    objects[4 + index * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`;
    objects[5 + index * 2] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets.push(pdf.length);
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A 640 x 420 PNG drawn by the browser itself (a receipt-sized picture, not a single pixel). */
async function receiptPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(640, 420);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff8e1';
    context.fillRect(0, 0, 640, 420);
    context.fillStyle = '#5d4037';
    context.font = 'bold 40px sans-serif';
    context.fillText('RECEIPT  $ 128.40', 60, 200);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** Whether the canvas has anything but white on it: pdf.js really drew the page. */
async function hasInk(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const context = (element as HTMLCanvasElement).getContext('2d')!;
    const { data } = context.getImageData(
      0,
      0,
      (element as HTMLCanvasElement).width,
      (element as HTMLCanvasElement).height,
    );
    for (let index = 0; index < data.length; index += 4) {
      if (data[index]! < 200 || data[index + 1]! < 200 || data[index + 2]! < 200) return true;
    }
    return false;
  });
}

async function uploadThree(page: Page, request: Parameters<typeof apiSignIn>[0], tag: string) {
  const client = await apiSignIn(request, GROUP2.client, GROUP2.clientName);
  const [target] = await uploadTargets(request, client);
  const upload = (displayName: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
    uploadDocument(request, client, { file, displayName, serviceId: target!.service.id, tagId: target!.tag.id });
  // Named so that sorting by name puts them in this order.
  await upload(`e2e-view-${tag} 1 March statement`, {
    name: 'statement-2025.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithPages(['Statement page one', 'Statement page two']),
  });
  await upload(`e2e-view-${tag} 2 Receipt`, {
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: await receiptPng(page),
  });
  await upload(`e2e-view-${tag} 3 Payroll`, {
    name: 'payroll.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,amount\nAda,100\n'),
  });
}

test('staff open a PDF and a picture from Received docs, turn pages, zoom, walk the list and download', async ({
  page,
  request,
}) => {
  const tag = runTag();
  await uploadThree(page, request, tag);

  await signIn(page, GROUP2.admin, GROUP2.password);
  await page.goto(`/received-docs?displayName=e2e-view-${tag}&sortedBy=displayName`);
  const table = page.getByRole('table', { name: 'Received docs' });
  await expect(table.getByRole('row')).toHaveCount(4);

  await table.getByRole('button', { name: `Preview e2e-view-${tag} 1 March statement` }).click();
  let viewer = page.getByRole('dialog', { name: 'statement-2025.pdf' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('Page 1 of 2')).toBeVisible();
  await expect(viewer.getByText('1 of 3', { exact: true })).toBeVisible();
  // The document's name in the list stands under the file's.
  await expect(viewer.getByText(`e2e-view-${tag} 1 March statement`, { exact: true })).toBeVisible();
  const firstPage = viewer.getByRole('img', { name: 'Page 1 of 2 of statement-2025.pdf' });
  await expect.poll(() => hasInk(firstPage), { message: 'pdf.js drew page 1' }).toBe(true);

  // Pages: the buttons and the keys.
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(viewer.getByText('Page 2 of 2')).toBeVisible();
  await expect.poll(() => hasInk(viewer.getByRole('img', { name: 'Page 2 of 2 of statement-2025.pdf' }))).toBe(true);
  await page.keyboard.press('PageUp');
  await expect(viewer.getByText('Page 1 of 2')).toBeVisible();

  // Zoom: in from the fitted width, then back to it.
  const fittedWidth = (await firstPage.boundingBox())!.width;
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await firstPage.boundingBox())!.width).toBeGreaterThan(fittedWidth);
  await page.keyboard.press('0');
  await expect.poll(async () => Math.round((await firstPage.boundingBox())!.width)).toBe(Math.round(fittedWidth));

  // Download names the file as every download of a document (the table's, its page's) does: the
  // document's name with the file's extension; never a blob's random name.
  let download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(`e2e-view-${tag} 1 March statement.pdf`);

  // Next document: the picture that follows in the list.
  await viewer.getByRole('button', { name: 'Next document' }).click();
  viewer = page.getByRole('dialog', { name: 'receipt.png' });
  await expect(viewer.getByText('2 of 3', { exact: true })).toBeVisible();
  const picture = viewer.getByRole('img', { name: 'receipt.png' });
  await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(640);
  download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(`e2e-view-${tag} 2 Receipt.png`);

  // The arrows: on to the CSV, which the viewer does not show but downloads; back to the picture.
  await page.keyboard.press('ArrowRight');
  viewer = page.getByRole('dialog', { name: 'payroll.csv' });
  await expect(viewer.getByText('This type of file cannot be shown here.', { exact: false })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Next document' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'receipt.png' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus goes back to where the viewer was opened from.
  await expect(table.getByRole('button', { name: `Preview e2e-view-${tag} 1 March statement` })).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the client opens their PDF full screen from My uploads and turns its pages', async ({ page, request }) => {
    const tag = runTag();
    await uploadThree(page, request, tag);

    await signIn(page, GROUP2.client, GROUP2.password);
    await page.goto(`/my-uploads?displayName=e2e-view-${tag}&sortedBy=displayName`);
    await page.getByRole('button', { name: `Preview e2e-view-${tag} 1 March statement` }).click();
    const viewer = page.getByRole('dialog', { name: 'statement-2025.pdf' });
    await expect(viewer.getByText('Page 1 of 2')).toBeVisible();
    const box = (await viewer.boundingBox())!;
    expect(Math.round(box.width)).toBe(390);
    expect(Math.round(box.height)).toBe(844);
    const firstPage = viewer.getByRole('img', { name: 'Page 1 of 2 of statement-2025.pdf' });
    await expect.poll(() => hasInk(firstPage)).toBe(true);
    // Fitted to the phone's width, not wider than the screen.
    expect((await firstPage.boundingBox())!.width).toBeLessThanOrEqual(390);

    await viewer.getByRole('button', { name: 'Next page' }).tap();
    await expect(viewer.getByText('Page 2 of 2')).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
