import { afterEach, describe, expect, it } from 'vitest';
import { applyPreloadedStyleSheets } from './preloaded-style-sheets';

describe('applyPreloadedStyleSheets', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it("applies each preloaded sheet where its preload stands, in the preload's request mode", async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="preload" as="style" crossorigin href="/assets/index.css"><link rel="modulepreload" href="/assets/a.js"><link rel="preload" as="style" href="/assets/other.css">',
    );
    const applied = applyPreloadedStyleSheets();

    // Before what the page adds later (Mantine's variables, a screen's own sheet), as a stylesheet
    // link in index.html would be: the cascade is the same.
    const sheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(sheets.map((sheet) => new URL(sheet.href).pathname)).toEqual(['/assets/index.css', '/assets/other.css']);
    expect(sheets.map((sheet) => sheet.previousElementSibling?.getAttribute('href'))).toEqual([
      '/assets/index.css',
      '/assets/other.css',
    ]);
    // The same request mode as its preload, or the browser would fetch the sheet a second time.
    expect(sheets.map((sheet) => sheet.hasAttribute('crossorigin'))).toEqual([true, false]);

    // happy-dom loads no style sheet and reports each as failed: the app renders without it rather
    // than not at all.
    await expect(applied).resolves.toBeUndefined();
  });

  it('settles at once when nothing is preloaded (the dev server injects styles itself)', async () => {
    await expect(applyPreloadedStyleSheets()).resolves.toBeUndefined();
  });
});
