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
let exit = 0;

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
  if (r.numTotalTests === 0) {
    console.error('vitest ran no test');
    exit = 1;
  }
} else {
  totals.failed += 1;
}
if (vStatus !== 0) exit = 1;

// 2. Playwright: what a person does, in Debian's Chromium against the real server.
if (browser) {
  const pwJson = path.join(out, 'playwright.json');
  fs.rmSync(pwJson, { force: true });
  const pStatus = run(
    'npx',
    ['playwright', 'test', '--config', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    },
  );
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (s.expected + s.unexpected + s.flaky === 0) {
      console.error('playwright ran no test');
      exit = 1;
    }
  } else {
    console.error('playwright wrote no report');
    totals.failed += 1;
  }
  if (pStatus !== 0) exit = 1;
}

if (noSkips && totals.skipped > 0) {
  console.error(`${totals.skipped} tests were skipped, and this run allows none`);
  exit = 1;
}
fs.writeFileSync(path.join(out, `summary-${tag}.json`), JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exit);
