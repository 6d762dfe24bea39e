import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';

export const DEFAULT_LOCALE = 'en';

/** Dotted paths of the catalogue's texts, e.g. `'nav.home'`: lets tables hold keys that tsc checks. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = Leaves<typeof en>;
export type Locale = typeof DEFAULT_LOCALE;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// Synchronous on purpose: the catalogue is bundled, so the first render already has its texts and
// nothing flashes raw keys or waits on a Suspense boundary.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  interpolation: { escapeValue: false }, // React already escapes what it renders
  react: { useSuspense: false },
});

export { i18n };
