import { announcements } from './announcements';
import { bookkeeping } from './bookkeeping';
import { contract } from './contract';
import { documents } from './documents';
import { home } from './home';
import { invitations } from './invitations';
import { leads } from './leads';
import { profile } from './profile';
import { reconciliation } from './reconciliation';
import { toDos } from './to-dos';

/**
 * The texts of the signed-in area's frame and of Home, where a sign-in lands, including the dialogs
 * they open: loaded with the area (lib/i18n.ts `loadFrameTexts`), without the other screens' (`rest.ts`),
 * which would add about 14 kB to a phone's first load. frame.test.ts checks that nothing the frame or
 * Home can show needs a text from elsewhere.
 */
export const enFrame = {
  announcements,
  bookkeeping,
  contract,
  documents,
  home,
  invitations,
  leads,
  profile,
  reconciliation,
  toDos,
} as const;
