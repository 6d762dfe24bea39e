import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './locales/en';
import { enInitial } from './locales/en/initial';

export const DEFAULT_LOCALE = 'en';

/** Dotted paths of the catalogue's texts, e.g. `'nav.home'`: lets tables hold keys that tsc checks. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = Leaves<Catalogue>;
export type Locale = typeof DEFAULT_LOCALE;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

// Synchronous on purpose: /login's texts are bundled, so its first render already has them and
// nothing flashes raw keys or waits on a Suspense boundary.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: enInitial } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  interpolation: { escapeValue: false }, // React already escapes what it renders
  react: { useSuspense: false },
});

const PARTS = {
  frame: () => import('./locales/en/frame').then((m) => m.enFrame),
  rest: () => import('./locales/en/rest').then((m) => m.enRest),
};
type Part = keyof typeof PARTS;
const loading = new Map<Part, Promise<void>>();

/** One part of the catalogue (locales/en/index.ts), loaded once; a failed load is tried again next time. */
function loadPart(part: Part): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    promise = PARTS[part]().then(
      (texts) => {
        i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', texts, true, true);
      },
      (error: unknown) => {
        loading.delete(part);
        throw error;
      },
    );
    loading.set(part, promise);
  }
  return promise;
}

/**
 * The signed-in area's frame's and Home's texts (locales/en/frame.ts): the router waits for them
 * beside the area's code, so neither renders a raw key, and a phone's first load of Home carries no
 * other screen's texts (issue 25 item 5).
 */
export function loadFrameTexts(): Promise<void> {
  return loadPart('frame');
}

/**
 * Every text (DESIGN.md section 10 keeps /login's JavaScript small, so only its own are bundled): the
 * router waits for them beside any other screen's code.
 */
export function loadAllTexts(): Promise<void> {
  return Promise.all([loadPart('frame'), loadPart('rest')]).then(() => undefined);
}

export { i18n };
