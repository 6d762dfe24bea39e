import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The id of each layout's main landmark, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props for the element the skip link lands on: focusable from script, not by Tab. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1, className: classes.target } as const;

/**
 * "Skip to main content" (WCAG 2.4.1), the first thing Tab reaches on every layout. It focuses the
 * main landmark itself rather than following the hash, so the address keeps its own hash (a
 * conversation's `#message-…`) and the next Tab continues inside the page.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.link} onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
}
