import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rules every server test file keeps, checked on the source itself so that a new file cannot forget them:
 * no hard-coded port (a test must ask the OS for a free one, or it fails whenever something else holds
 * that port), and every test file that moves money ends with the ledger audit (`expectCleanLedgerThenClose`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = [...testFiles(path.join(root, 'src')), ...testFiles(path.join(root, 'test'))]
  .filter((file) => file !== fileURLToPath(import.meta.url))
  .map((file) => ({ name: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));

/** A port written as a number (0 asks the OS), in a PORT assignment, a `port:` option, `listen(…)` or `port + 1`. */
const FIXED_PORT = [/\bports?\s*[:=]\s*\[?\s*[1-9]/i, /\.listen\(\s*[1-9]/, /\bport\s*\+\s*\d/i];

/** What moves money: the ledger's functions, the payments test client, a sandbox deposit, a transfer. */
const MONEY = [
  /import\s*\{[^}]*\b(?:post|hold|settle|voidHold|reverse)\b[^}]*\}\s*from '[^']*(?:ledger|\.\/index)[^']*'/,
  /\bpaymentsTestApp\b/,
  /\bdepositThroughSandbox\b/,
  /\bcreateWithdrawalsService\b/,
  /\bwithdrawalsOnRail\b/,
  /\bWALLET_TRANSFER_PATH\b/,
];

describe('test hygiene', () => {
  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('no test hard-codes a port', () => {
    const offenders = files
      .flatMap(({ name, text }) =>
        text.split('\n').map((line, i) => ({ where: `${name}:${i + 1}`, line: line.trim() })),
      )
      .filter(({ line }) => FIXED_PORT.some((re) => re.test(line)));
    expect(offenders).toEqual([]);
  });

  it('every test file that moves money ends with the ledger audit', () => {
    const money = files.filter(({ text }) => MONEY.some((re) => re.test(text)));
    expect(money.map((f) => f.name)).toContain(path.join('src/modules/wallet/wallet.routes.test.ts'));
    // Called (not only imported): in the file's afterAll, which is how every such file ends, or through a
    // test app that calls it in its afterAll (the sportsbook's `sportsTestApp`), or on its close (the
    // withdrawals service's `withdrawalsOnRail`).
    const missing = money.filter(
      ({ text }) => !/\b(?:expectCleanLedgerThenClose|sportsTestApp|withdrawalsOnRail)\(/.test(text),
    );
    expect(missing.map((f) => f.name)).toEqual([]);
  });
});
