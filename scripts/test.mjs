#!/usr/bin/env node
// The README's test command: every Vitest project, then the browser tests, then one summary line.
// Options: --no-browser, --project <name> (repeatable), --no-skips (fail when any test was skipped:
// CI's PostgreSQL pass uses it so that database suites cannot silently skip).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const browser = !args.includes('--no-browser');
const noSkips = args.includes('--no-skips');
const projects = args.flatMap((a, i) => (a === '--project' ? ['--project', args[i + 1]] : []));
const out = path.resolve('artifacts');
fs.mkdirSync(out, { recursive: true });
const tag = projects.length ? projects.filter((p) => p !== '--project').join('-') : 'all';

const totals = { passed: 0, failed: 0, skipped: 0 };
// Names of what failed, printed again at the very end (CI shows only the tail of its output).
const failures = [];
const flaky = [];
let exit = 0;

function collectPlaywrightFailures(suites, config) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${config} › ${spec.file ?? suite.file} › ${spec.title}`;
        if (t.status === 'unexpected') failures.push(name);
        if (t.status === 'flaky') flaky.push(name);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], config);
  }
}

function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

// 1. Vitest: unit, component, service and API tests.
const vitestJson = path.join(out, `vitest-${tag}.json`);
fs.rmSync(vitestJson, { force: true });
const vStatus = run('npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${rel} › ${t.fullName ?? t.title}`);
    // Passed on the retry: the first attempt's error is kept in failureMessages.
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed' && t.failureMessages?.length) {
        flaky.push(`${rel} › ${t.fullName ?? t.title}: ${t.failureMessages[0].split('\n')[0].slice(0, 200)}`);
      }
    }
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${rel}: ${(file.message ?? '').slice(0, 300)}`);
  }
  if (r.numTotalTests === 0) {
    console.error('vitest ran no test');
    exit = 1;
  }
} else {
  totals.failed += 1;
}
if (vStatus !== 0) exit = 1;

// 2. Playwright: what a person does, in Debian's Chromium against the real server: the player app, the player
// app under the Brazilian licence profile (a server started with JURISDICTION=br), then the back office (each
// config starts its own server).
if (browser) {
  for (const [config, report] of [
    ['apps/web/playwright.config.ts', 'playwright.json'],
    ['apps/web/playwright.br.config.ts', 'playwright-br.json'],
    ['apps/backoffice/playwright.config.ts', 'playwright-backoffice.json'],
  ]) {
    const pwJson = path.join(out, report);
    fs.rmSync(pwJson, { force: true });
    const pStatus = run('npx', ['playwright', 'test', '--config', config, '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    });
    if (fs.existsSync(pwJson)) {
      const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
      collectPlaywrightFailures(JSON.parse(fs.readFileSync(pwJson, 'utf8')).suites ?? [], config);
      if (s.expected + s.unexpected + s.flaky === 0) {
        console.error(`playwright ran no test (${config})`);
        exit = 1;
      }
    } else {
      console.error(`playwright wrote no report (${config})`);
      totals.failed += 1;
    }
    if (pStatus !== 0) exit = 1;
  }
}

if (noSkips && totals.skipped > 0) {
  console.error(`${totals.skipped} tests were skipped, and this run allows none`);
  exit = 1;
}
fs.writeFileSync(path.join(out, `summary-${tag}.json`), JSON.stringify({ ...totals, failures, flaky }));
for (const f of flaky) console.log(`FLAKY ${f}`);
for (const f of failures) console.log(`FAILED ${f}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exit);
