import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, Result, RunOptions } from 'axe-core';

/*
 * axe-core evaluated in the page (docs/accessibility.md): @axe-core/playwright needs Node 22, the
 * page script nothing but the browser. Evaluated rather than added as a <script>: the app's Content
 * Security Policy (script-src 'self') refuses inline scripts, as it should.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A screen is checked with every rule in the light scheme, then again in the dark one with the rules
 * whose outcome depends on colour: the scheme changes colours only (the same DOM, names and order),
 * so the other rules would answer the same twice, and axe's full run is the suite's costliest step.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** What fails the suite: axe's two highest impacts (minor and moderate are reported by axe, not here). */
const FAILING_IMPACTS: ReadonlyArray<Result['impact']> = ['serious', 'critical'];

const SNIPPET_LENGTH = 240;

interface AxeWindow {
  axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
}

/** One line per rule, then one per node: what to fix and where, readable in a CI log. */
export function describeViolations(where: string, violations: Result[]): string {
  const lines = [`${where}: ${violations.length} serious or critical axe violation(s)`];
  for (const violation of violations) {
    lines.push(`- ${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes) {
      const html = node.html.length > SNIPPET_LENGTH ? `${node.html.slice(0, SNIPPET_LENGTH)}…` : node.html;
      // Not '    at …': test reporters take such lines for a stack trace and move them.
      lines.push(`    on ${node.target.join(' ')}`, `       ${html}`);
      const summary = node.failureSummary?.split('\n').slice(1).join(' ').trim();
      if (summary) lines.push(`       ${summary}`);
    }
  }
  return lines.join('\n');
}

async function seriousViolations(page: Page, rules?: readonly string[]): Promise<Result[]> {
  // A navigation drops the script; a dialog opened on the same page keeps it.
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (only) => {
    const { axe } = window as AxeWindow;
    const options: RunOptions = { resultTypes: ['violations'] };
    if (only) options.runOnly = { type: 'rule', values: [...only] };
    const results = await axe!.run(document, options);
    return results.violations;
  }, rules);
  return violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact));
}

/**
 * Follows the system's scheme as a person's browser would tell it (the app's default, "Match
 * system") and waits until Mantine has repainted in it.
 */
async function useScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
  // Colours that move by a CSS transition (Mantine's dropzone fades its background over 100 ms) are
  // judged once they arrive; a loader's endless animation is not a transition and is not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs every axe rule (WCAG 2.0 to 2.2 A and AA and axe's best practices; not the experimental
 * ones) on the page as it is now, open dialogs included, in the light scheme, and the colour rules
 * in the dark one; fails on a serious or critical violation with the rule, its help and each
 * node's selector and HTML. `soft` lets a test that walks several screens go on to the next one
 * and report them all; `colourOnly` checks the colour rules in the light scheme too, for a state that
 * changes colours only (a hover). The page is left in the light scheme.
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  { soft = false, colourOnly = false }: { soft?: boolean; colourOnly?: boolean } = {},
): Promise<void> {
  const check = soft ? expect.soft : expect;
  await useScheme(page, 'light');
  const light = await seriousViolations(page, colourOnly ? COLOUR_RULES : undefined);
  // The count, not the array: the message already says everything that matters about each one.
  check(light.length, describeViolations(`${where}, light scheme`, light)).toBe(0);
  await useScheme(page, 'dark');
  const dark = await seriousViolations(page, COLOUR_RULES);
  check(dark.length, describeViolations(`${where}, dark scheme`, dark)).toBe(0);
  await useScheme(page, 'light');
}

/** Loaders and skeletons still showing: a screen is judged once its data is in. */
const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [aria-busy="true"]';

/**
 * Opens `path` and waits until it is the page a person reads: the address stayed (no guard sent
 * the user elsewhere) or is the `landsOn` the screen itself sends to, the screen's heading is shown
 * and nothing is loading any more.
 */
export async function openScreen(page: Page, path: string, landsOn: string = path): Promise<void> {
  await page.goto(path);
  await expectScreen(page, landsOn);
}

/**
 * Opens `path` inside the app already loaded on `page`, as its own links do (the router follows the
 * history entry), instead of loading the page anew: the screen is the same, while a load ran the
 * app's code again and lost axe's script, which made the walks of every route the browser suite's
 * costliest part.
 */
export async function openScreenInApp(page: Page, path: string): Promise<void> {
  const url = new URL(page.url());
  // The pointer rests on the header's empty corner, as it does after a load: where the last click left
  // it, a row of the next list would be checked in its hover colours, which a test of their own checks
  // (accessibility.spec.ts, hovered rows), so a walk's result does not depend on where a click landed.
  await page.mouse.move(0, 0);
  if (`${url.pathname}${url.search}` !== path) {
    // The router keeps showing the last screen until the next one's code and data are in, so the
    // heading it leaves is marked, and the walk goes on once another heading, or another text in
    // the same one, has replaced it.
    await page.evaluate((to) => {
      const left = document.querySelector('main h1');
      if (left) left.setAttribute('data-e2e-left', left.textContent ?? '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    await page.waitForFunction(() => {
      const heading = document.querySelector('main h1');
      const left = heading?.getAttribute('data-e2e-left');
      return heading !== null && (left === null || left !== heading.textContent);
    });
  }
  await expectScreen(page, path);
}

async function expectScreen(page: Page, landsOn: string): Promise<void> {
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === landsOn);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectLoaded(page);
}

/** Nothing on the page is loading any more, e.g. a dialog whose form arrives after it opens. */
export async function expectLoaded(page: Page): Promise<void> {
  await expect(page.locator(LOADING)).toHaveCount(0);
}
