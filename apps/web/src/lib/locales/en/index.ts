/**
 * The one English catalogue: every text the user can see lives here, so wording the firm's users
 * already know (DESIGN.md section 7) is changed in one place and browser tests can rely on it.
 * Each area keeps its texts in its own file under its own top-level key.
 *
 * Two parts at run time (DESIGN.md section 10, /login's JavaScript under 200 kB): what /login and
 * the app's frame show (`initial.ts`, bundled), and the rest (`rest.ts`), which the router loads with
 * the first other screen (`loadAllTexts` in lib/i18n.ts). Types see the whole catalogue.
 */
import type { enInitial } from './initial';
import type { enRest } from './rest';

export type Catalogue = typeof enInitial & typeof enRest;
