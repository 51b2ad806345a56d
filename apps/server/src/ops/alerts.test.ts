import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';

// Alerts as code (issue 40 point 1, decision 0059): the Prometheus config, the rules and Alertmanager's
// config are valid to the tools that will load them; every alert fires and stays silent in promtool's
// unit tests; every alert names a severity and a runbook that exists. `npm test` installs promtool and
// amtool first (scripts/ensure-prometheus.mjs).

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DIR = path.join(ROOT, 'deploy/prometheus');

function run(tool: string, args: string[]): string {
  if (!fs.existsSync(`/usr/bin/${tool}`)) {
    throw new Error(`${tool} is not installed: run \`node scripts/ensure-prometheus.mjs\` (npm test does)`);
  }
  try {
    return execFileSync(`/usr/bin/${tool}`, args, { cwd: DIR, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${tool} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (parse(fs.readFileSync(path.join(DIR, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups
  .flatMap((group) => group.rules)
  .filter((rule): rule is Rule & { alert: string } => typeof rule.alert === 'string');

interface AlertCase {
  alertname: string;
  exp_alerts?: unknown[] | null;
}
const cases = (
  parse(fs.readFileSync(path.join(DIR, 'alerts.test.yml'), 'utf8')) as { tests: { alert_rule_test: AlertCase[] }[] }
).tests.flatMap((t) => t.alert_rule_test);

test('the Prometheus config, its rules and the Alertmanager config pass their own tools', () => {
  expect(run('promtool', ['check', 'config', 'prometheus.yml'])).toContain('SUCCESS');
  expect(run('promtool', ['check', 'rules', 'alerts.yml'])).toContain('SUCCESS');
  expect(run('amtool', ['check-config', 'alertmanager.yml'])).toContain('SUCCESS');
});

test("promtool's unit tests of the rules pass", () => {
  expect(run('promtool', ['test', 'rules', 'alerts.test.yml'])).toContain('SUCCESS');
});

test('the watched signals are all alerted on', () => {
  expect(rules.map((rule) => rule.alert).sort()).toEqual(
    [
      'FanlineDatabasePoolSaturated',
      'FanlineHighErrorRatio',
      'FanlineInstanceDown',
      'FanlineInstanceFlapping',
      'FanlineLatencyBudgetFastBurn',
      'FanlineLatencyBudgetSlowBurn',
      'FanlineNoInstances',
      'FanlineOutboxDeadEffect',
      'FanlineOutboxLagging',
      'FanlineOverdueMessages',
      'FanlineStreamsRefused',
    ].sort(),
  );
});

test.each(rules.map((rule) => [rule.alert, rule] as const))(
  '%s: a severity, a runbook that exists, and a case that fires and one that stays silent',
  (name, rule) => {
    expect(['page', 'ticket']).toContain(rule.labels?.severity);
    const runbook = rule.annotations?.runbook_url ?? '';
    expect(runbook).toMatch(/^docs\/runbooks\/[a-z-]+\.md$/);
    expect(fs.existsSync(path.join(ROOT, runbook)), runbook).toBe(true);
    expect(fs.readFileSync(path.join(ROOT, runbook), 'utf8')).toContain(name);
    const mine = cases.filter((c) => c.alertname === name);
    expect(
      mine.some((c) => (c.exp_alerts ?? []).length > 0),
      `${name} never fires in alerts.test.yml`,
    ).toBe(true);
    expect(
      mine.some((c) => (c.exp_alerts ?? []).length === 0),
      `${name} is never silent in alerts.test.yml`,
    ).toBe(true);
  },
);

test('every series an alert reads is one the app serves', () => {
  const source = ['platform/metrics.ts', 'http/metrics-routes.ts']
    .map((file) => fs.readFileSync(path.join(ROOT, 'apps/server/src', file), 'utf8'))
    .join('\n');
  const served = new Set([...source.matchAll(/name: '(fanline_[a-z_]+)'/g)].map((m) => m[1]));
  const read = new Set(
    rules.flatMap((rule) =>
      [...rule.expr.matchAll(/\b(fanline_[a-z_]+?)(?:_bucket|_count|_sum)?(?=[{[)\s])/g)].map((m) => m[1]),
    ),
  );
  // Every series an alert reads is one the app serves (a renamed metric would silence its alert).
  for (const series of read) expect(served, `${series} is read by an alert but served by no metric`).toContain(series);
  expect(read.size).toBeGreaterThanOrEqual(6);
});
