#!/usr/bin/env node
// `npm start`: build the server, the player app and the back office only when missing or stale
// (scripts/build.mjs, safe when several processes start at once), then run the compiled server in this
// process. No TypeScript loader.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, targets } from './build.mjs';

process.setSourceMapsEnabled(true);
try {
  await ensureBuilt('server');
  await ensureBuilt('web');
  await ensureBuilt('backoffice');
} catch (err) {
  console.error(`[build] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(targets.server.out, 'main.js')).href);
