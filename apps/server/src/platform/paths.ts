import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of @aposta/server, found by walking up from this file: the same answer whether it runs from the
 * sources (src/platform) under tsx or bundled into dist/main.js.
 */
function findServerDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === '@aposta/server') return dir;
    } catch {
      // No package.json here: keep walking up.
    }
    if (path.dirname(dir) === dir)
      throw new Error('apps/server/package.json not found above the running code');
  }
}

export const serverDir = findServerDir();
export const repoRoot = path.resolve(serverDir, '../..');
export const migrationsFolder = path.join(serverDir, 'drizzle');
