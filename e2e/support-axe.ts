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

/** The schemes the accessibility suite runs in; dark joins when the app has a dark scheme. */
export const COLOR_SCHEMES = ['light'] as const satisfies ReadonlyArray<'light' | 'dark'>;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

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

/**
 * Runs every axe rule (WCAG 2.0 to 2.2 A and AA and axe's best practices; not the experimental
 * ones) on the page as it is now, open dialogs included, and fails on a serious or critical
 * violation with the rule, its help and each node's selector and HTML. `soft` lets a test that
 * walks several screens go on to the next one and report them all.
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  // A navigation drops the script; a dialog opened on the same page keeps it.
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as AxeWindow;
    const results = await axe!.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
  const failing = violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact));
  // The count, not the array: the message already says everything that matters about each one.
  (soft ? expect.soft : expect)(failing.length, describeViolations(where, failing)).toBe(0);
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
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === landsOn);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator(LOADING)).toHaveCount(0);
}
