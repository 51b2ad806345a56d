import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Decision 0028: axe-core (pinned in e2e/package.json) checks the rendered page against the WCAG 2.0
// and 2.1 A and AA rules. Its source is evaluated in the page through the DevTools protocol, which
// the site's Content-Security-Policy does not apply to, so the page under test is the one users get.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets run: every WCAG 2.0 and 2.1 success criterion at level A and AA that axe checks. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Runs axe on what `page` shows now (or only inside `include`, a CSS selector) and returns the violations. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated source defined
      const axe = (window as any).axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (v: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: string[]; html: string; failureSummary?: string }[];
        }) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({
            target: n.target.join(' '),
            html: n.html.slice(0, 160),
            summary: n.failureSummary ?? '',
          })),
        }),
      );
    },
    { tags: [...AXE_TAGS], include },
  );
}

/** A readable list of violations for an assertion message. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: ${v.rule} (${v.impact}) ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target}\n      ${n.html}\n      ${n.summary.replaceAll('\n', ' | ')}`)
          .join('\n')}`,
    )
    .join('\n');
}
