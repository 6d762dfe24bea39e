import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Issue 25 item 4: the colour scheme follows the system unless the person picked one in the user
 * menu; the choice is kept per browser (not per account: a shared office computer and a phone may
 * want different ones), under this key.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'ledgerport-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
