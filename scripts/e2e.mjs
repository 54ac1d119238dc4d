// What the apps' Playwright configs share: Debian's Chromium with the flags this machine needs (never a test
// tool's own browser download), and a port the OS says is free.
import { execFileSync } from 'node:child_process';

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A free port, kept in `process.env[name]`: Playwright loads a config again in each worker, and the
 * environment makes all of them agree on the first one's choice.
 */
export function freePortOnce(name) {
  process.env[name] ??= execFileSync(process.execPath, [
    '-e',
    "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
  ])
    .toString()
    .trim();
  return Number(process.env[name]);
}
