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

let rest: Promise<void> | null = null;

/**
 * Every other screen's texts (locales/en/rest.ts), loaded once, with the first screen other than
 * /login: the router waits for them beside that screen's own code, so no screen renders before its
 * texts (DESIGN.md section 10 keeps /login's JavaScript small). A failed load is tried again next time.
 */
export function loadAllTexts(): Promise<void> {
  rest ??= import('./locales/en/rest').then(
    ({ enRest }) => {
      i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', enRest, true, true);
    },
    (error: unknown) => {
      rest = null;
      throw error;
    },
  );
  return rest;
}

export { i18n };
