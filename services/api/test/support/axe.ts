import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** What axe found that the browser tests refuse: one entry per rule, with the elements it names. */
export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const refused = new Set(['serious', 'critical']);

/**
 * Waits for every finite animation on the page to end (a dialog or toast fading in). axe computes
 * contrast with the opacity of the moment, so a page read mid-fade reports text at 40% opacity as
 * unreadable: the screen people look at is the one after the fade. Endless ones (spinners) are left.
 */
const finishedAnimations = async (page: Page): Promise<void> => {
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 5000)),
  ])`);
};

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA, plus its best practices) on the page as it is now and
 * returns the serious and critical violations (`within`: a selector, to check one part of the page, e.g. '#main-content'). axe is injected once per document: a navigation
 * that loads a new document needs it again, a client-side one does not.
 */
export const seriousViolations = async (page: Page, within = 'document'): Promise<AxeProblem[]> => {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy (script-src 'self')
  // rightly refuses inline scripts, and the test should not loosen it.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source);
  await finishedAnimations(page);
  const results = (await page.evaluate(`window.axe.run(${within === 'document' ? 'document' : JSON.stringify(within)}, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  })`)) as axe.AxeResults;
  return results.violations
    .filter((violation) => refused.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
};

/** One line per violation and one per element, for a failure message or the test's log. */
export const describeViolations = (screen: string, problems: AxeProblem[]): string =>
  problems
    .map((problem) => [`${screen}: ${problem.id} (${problem.impact}) ${problem.help}`, ...problem.targets.map((target) => `    ${target}`)].join('\n'))
    .join('\n');
