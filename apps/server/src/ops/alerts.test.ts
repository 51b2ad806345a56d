import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { parse, stringify } from 'yaml';

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

/** The `fanline_` series the app serves: every metric's name in the two files that declare them. */
const served = new Set(
  [
    ...['platform/metrics.ts', 'http/metrics-routes.ts']
      .map((file) => fs.readFileSync(path.join(ROOT, 'apps/server/src', file), 'utf8'))
      .join('\n')
      .matchAll(/name: '(fanline_[a-z_]+)'/g),
  ].map((m) => m[1]),
);

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
      'FanlineReadinessFlapping',
      'FanlineDatabaseUnreachable',
      'FanlineDatabaseErrors',
      'FanlineBackupTooOld',
      'FanlineWalArchiveFailing',
      'FanlineEventBusDisconnected',
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
  const read = new Set(
    rules.flatMap((rule) =>
      [...rule.expr.matchAll(/\b(fanline_[a-z_]+?)(?:_bucket|_count|_sum)?(?=[{[)\s])/g)].map((m) => m[1]),
    ),
  );
  // Every series an alert reads is one the app serves (a renamed metric would silence its alert).
  for (const series of read) expect(served, `${series} is read by an alert but served by no metric`).toContain(series);
  expect(read.size).toBeGreaterThanOrEqual(6);
});

test('every query of the Grafana dashboard is valid PromQL to promtool, on series the app serves or the rules record', () => {
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'deploy/grafana/fanline-dashboard.json'), 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const queries = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
  expect(queries.length).toBeGreaterThanOrEqual(10);
  // promtool has no offline query check; a recording rule per query makes `check rules` parse each one.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-dashboard-'));
  try {
    const file = path.join(dir, 'dashboard-queries.yml');
    fs.writeFileSync(
      file,
      stringify({
        groups: [{ name: 'dashboard', rules: queries.map((expr, i) => ({ record: `dashboard:panel_${i}`, expr })) }],
      }),
    );
    expect(run('promtool', ['check', 'rules', file])).toContain(`SUCCESS: ${queries.length} rules found`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const recorded = new Set(
    (parse(fs.readFileSync(path.join(DIR, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups
      .flatMap((group) => group.rules)
      .flatMap((rule) => (rule.record ? [rule.record] : [])),
  );
  for (const query of queries) {
    for (const [, series] of query.matchAll(/\b(fanline_[a-z_]+?)(?:_bucket|_count|_sum)?(?=[{[)\s])/g)) {
      expect(served, `${series} (dashboard) is served by no metric`).toContain(series);
    }
    for (const [record] of query.matchAll(/\bfanline:[a-z_:0-9]+/g)) expect(recorded).toContain(record);
  }
});
