#!/usr/bin/env node
// Builds of the server (esbuild bundle in apps/server/dist), the player app (Vite, apps/web/dist) and the
// back office (Vite, apps/backoffice/dist), each made only when missing or stale. A build is fresh when the hash of its inputs equals the stamp written in
// its output. Several processes started at once from one checkout (nodes of a cluster) take a lock, build
// into a temporary folder and rename it into place, so none sees a half-written dist and none fails.
// CLI: `node scripts/build.mjs [server] [web] [backoffice] [--force]` (all when none is named).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(repoRoot, ...p);
const STAMP = '.build-stamp';
/** Shared packages and the dependency lock feed both builds. */
const shared = ['packages/contracts/src', 'packages/money/src', 'package-lock.json', 'tsconfig.base.json'];

/**
 * Outputs may be moved (WEB_DIST and BACKOFFICE_DIST are also where the server looks for the apps; SERVER_DIST
 * only for this).
 */
const outDir = (setting, fallback) =>
  process.env[setting] ? path.resolve(process.env[setting]) : at(fallback);

export const targets = {
  server: {
    out: outDir('SERVER_DIST', 'apps/server/dist'),
    inputs: ['apps/server/src', 'apps/server/package.json', 'scripts/build.mjs', ...shared],
    build: buildServer,
  },
  web: {
    out: outDir('WEB_DIST', 'apps/web/dist'),
    inputs: [
      'apps/web/src',
      'apps/web/sw',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...shared,
    ],
    build: viteBuild('apps/web'),
  },
  backoffice: {
    out: outDir('BACKOFFICE_DIST', 'apps/backoffice/dist'),
    inputs: [
      'apps/backoffice/src',
      'apps/backoffice/index.html',
      'apps/backoffice/vite.config.ts',
      'apps/backoffice/package.json',
      'apps/backoffice/tsconfig.json',
      ...shared,
    ],
    build: viteBuild('apps/backoffice'),
  },
};

/**
 * One bundle of the server and the workspace packages (they export TypeScript sources, which plain Node
 * cannot load); every npm dependency stays external and is loaded from node_modules as usual.
 */
async function buildServer(outDir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      'ledger-audit': at('apps/server/src/cli/ledger-audit.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@aposta/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/** The Vite build of an app folder, into outDir. Build-time VITE_* settings take part in the stamp. */
function viteBuild(app) {
  return async (outDir) => {
    const vite = [at(app, 'node_modules/vite/bin/vite.js'), at('node_modules/vite/bin/vite.js')].find((p) =>
      fs.existsSync(p),
    );
    if (!vite) throw new Error('vite is not installed: run npm ci');
    await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: at(app),
    });
  };
}

function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0])} exited ${code}`)),
    );
  });
}

/** Hash of every input file (path and content), skipping tests, which never reach a build. */
export function inputHash(name) {
  const hash = crypto.createHash('sha256');
  const files = [];
  const walk = (rel) => {
    const abs = at(rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isDirectory()) {
      for (const entry of fs.readdirSync(abs).sort()) walk(path.join(rel, entry));
    } else if (!/\.test\.tsx?$/.test(rel)) files.push(rel);
  };
  for (const input of targets[name].inputs) walk(input);
  for (const rel of files)
    hash
      .update(rel)
      .update('\0')
      .update(fs.readFileSync(at(rel)))
      .update('\0');
  if (name !== 'server') {
    for (const key of Object.keys(process.env)
      .filter((k) => k.startsWith('VITE_'))
      .sort())
      hash.update(`${key}=${process.env[key]}\0`);
  }
  return hash.digest('hex');
}

function stampOf(out) {
  try {
    return fs.readFileSync(path.join(out, STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * A lock folder beside the output (mkdir is atomic). A lock whose owner process is gone on this host, or that
 * is older than `staleMs`, is taken over by renaming it away first, so two waiters never both take it.
 */
async function withLock(out, fn, { staleMs = 10 * 60_000, log } = {}) {
  const lock = `${out}.lock`;
  const owner = path.join(lock, 'owner');
  let waited = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(owner, `${process.pid}@${os.hostname()}`);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (!waited) log?.(`waiting for another process building ${path.relative(repoRoot, out)}`);
    waited = true;
    let stale = false;
    try {
      const [pid, host] = fs.readFileSync(owner, 'utf8').split('@');
      stale =
        (host === os.hostname() && !alive(Number(pid))) || Date.now() - fs.statSync(lock).mtimeMs > staleMs;
    } catch {
      // Just created, owner not written yet; or just released.
    }
    if (stale) {
      const away = `${lock}.stale-${process.pid}`;
      try {
        fs.renameSync(lock, away);
        fs.rmSync(away, { recursive: true, force: true });
      } catch {
        // Another waiter took it over first.
      }
      continue;
    }
    await sleep(200);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds `name` when missing or stale; returns whether it built. Safe to call from many processes at once. */
export async function ensureBuilt(name, { force = false, log = (m) => console.log(`[build] ${m}`) } = {}) {
  const target = targets[name];
  const hash = inputHash(name);
  if (!force && stampOf(target.out) === hash) return false;
  return withLock(
    target.out,
    async () => {
      // Another process may have built it while this one waited.
      if (!force && stampOf(target.out) === hash) return false;
      const started = Date.now();
      log(`building ${name} (${stampOf(target.out) ? 'stale' : 'missing'})`);
      const tmp = `${target.out}.tmp-${process.pid}`;
      fs.rmSync(tmp, { recursive: true, force: true });
      try {
        await target.build(tmp);
        fs.writeFileSync(path.join(tmp, STAMP), `${hash}\n`);
        // Swap: a rename cannot replace a non-empty folder, so the old one moves aside first.
        const old = `${target.out}.old-${process.pid}`;
        if (fs.existsSync(target.out)) fs.renameSync(target.out, old);
        fs.renameSync(tmp, target.out);
        fs.rmSync(old, { recursive: true, force: true });
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return true;
    },
    { log },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const named = args.filter((a) => a in targets);
  const force = args.includes('--force');
  for (const name of named.length ? named : Object.keys(targets)) {
    if (!(await ensureBuilt(name, { force }))) console.log(`[build] ${name} is up to date`);
  }
}
