/**
 * Applies the style sheets index.html preloads instead of linking (vite.config.ts
 * `styleSheetAsPreload`: a stylesheet link would keep the page blank, the firm's mark included, until
 * it had arrived). Each is applied where its preload stands, so it precedes the styles Mantine and the
 * screens add later, as a stylesheet link there would; the promise settles once all have loaded, so
 * the first render is never unstyled. A sheet that fails to load does not stop the app: it renders
 * without it rather than not at all.
 */
export function applyPreloadedStyleSheets(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          // The same request mode as the preload, so the preloaded answer is the one used.
          const crossOrigin = preload.getAttribute('crossorigin');
          if (crossOrigin !== null) sheet.setAttribute('crossorigin', crossOrigin);
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          sheet.href = preload.href;
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
