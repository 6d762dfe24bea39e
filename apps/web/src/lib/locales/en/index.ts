/**
 * The one English catalogue: every text the user can see lives here, so wording the firm's users
 * already know (DESIGN.md section 7) is changed in one place and browser tests can rely on it.
 * Each area keeps its texts in its own file under its own top-level key.
 *
 * Three parts at run time (DESIGN.md section 10: /login's JavaScript under 200 kB, and a phone's
 * first load of Home kept small): what /login, its two-factor step and the app's errors show
 * (`initial.ts`, bundled); what the signed-in area's frame and Home show (`frame.ts`), loaded with
 * them; the other screens' (`rest.ts`), loaded with the first of them (lib/i18n.ts). Types see the
 * whole catalogue.
 */
import type { enFrame } from './frame';
import type { enInitial } from './initial';
import type { enRest } from './rest';

export type Catalogue = typeof enInitial & typeof enFrame & typeof enRest;
