import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * README promises the oldest Node the server runs on; `npm ci` warns (EBADENGINE) about any installed package
 * that wants a newer one. Every package in the lock must accept that version (overrides in package.json pin
 * Node 20 builds where an upstream moved on).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const oldest = semver.minVersion(rootPackage.engines.node)!;

describe('Node engines', () => {
  it('README names the oldest Node that package.json allows', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${oldest.major}.${oldest.minor} or newer`);
  });

  it('every locked package runs on that Node', () => {
    const refusing = Object.entries(lock.packages)
      .map(([where, p]) => ({
        where,
        version: p.version,
        node: Array.isArray(p.engines) ? undefined : p.engines?.node,
      }))
      .filter((p) => p.node !== undefined && !semver.satisfies(oldest, p.node, { includePrerelease: true }))
      .map((p) => `${p.where}@${p.version} needs node ${p.node}`);
    expect(refusing).toEqual([]);
  });
});
