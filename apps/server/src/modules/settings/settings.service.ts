import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { isMessageKey } from '../../platform/i18n';
import { settingsSchema, SETTING_KEYS, type SettingKey, type Settings } from '@aposta/contracts';
import { settings } from './settings.tables';

/** The advisory lock key of settings changes ('stng'). */
const SETTINGS_LOCK = 0x73746e67;
/** How long a node trusts its cached copy; another node's change shows within this time. */
const CACHE_MS = 2_000;

export function createSettingsService({ database }: { database: Database }) {
  let cached: { at: number; value: Settings } | undefined;
  /**
   * Bumped when a change commits. A read that began before then may hold the old values (its snapshot can
   * predate the commit while its answer lands after it): it must not become the cached copy, or this node
   * would serve the old settings for another CACHE_MS after its own change.
   */
  let generation = 0;

  async function fresh(executor?: Executor): Promise<Settings> {
    if (cached && Date.now() - cached.at <= CACHE_MS) return cached.value;
    const [at, seen] = [Date.now(), generation];
    const value = await load(executor);
    if (seen === generation) cached = { at, value };
    return value;
  }

  async function load(executor: Executor = database.db): Promise<Settings> {
    const rows = await executor.select().from(settings);
    const raw: Record<string, unknown> = {};
    for (const row of rows) if ((SETTING_KEYS as string[]).includes(row.key)) raw[row.key] = row.value;
    return settingsSchema.parse(raw);
  }

  return {
    /** Current settings, cached briefly. */
    all: (): Promise<Settings> => fresh(),
    /** The same, read through `executor` when the cache is stale (inside a transaction, e.g. an outbox handler). */
    allIn: (executor: Executor): Promise<Settings> => fresh(executor),
    async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
      return (await this.all())[key];
    },
    /**
     * Sets some keys (validated together); an unknown key or a bad value changes nothing. Answers the
     * changed keys' values before and after (read in the same transaction, for the operator audit log).
     * `expected` (a stale form's guard): the values the form read; if any changed since, 409 `staleVersion`.
     */
    async change(
      patch: Record<string, unknown>,
      expected?: Record<string, unknown>,
    ): Promise<{ before: Partial<Settings>; after: Partial<Settings> }> {
      for (const key of [...Object.keys(patch), ...Object.keys(expected ?? {})]) {
        if (!(SETTING_KEYS as string[]).includes(key)) throw badRequest('unknownField', { field: key });
      }
      const result = await database.transaction(async (tx) => {
        // Changes one at a time, so a stale form's check and the write see the same values.
        await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK})`);
        const current = await load(tx);
        for (const [key, value] of Object.entries(expected ?? {}))
          if (!isDeepStrictEqual(current[key as SettingKey], value)) throw conflict('staleVersion');
        const next = settingsSchema.safeParse({ ...current, ...patch });
        if (!next.success) {
          // A rule's own message (a catalogue key, e.g. `rgUrlInvalid`) says what is wrong; else the field is named.
          const issue = next.error.issues[0];
          const key = issue && isMessageKey(issue.message) ? issue.message : 'fieldInvalid';
          throw badRequest(key, { field: String(issue?.path[0] ?? '') });
        }
        for (const [key, value] of Object.entries(patch)) {
          await tx
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
        }
        const keys = Object.keys(patch) as SettingKey[];
        const pick = (from: Settings) =>
          Object.fromEntries(keys.map((k) => [k, from[k]])) as Partial<Settings>;
        return { before: pick(current), after: pick(next.data) };
      });
      generation += 1;
      cached = undefined;
      return result;
    },
    /** Sets some keys (as `change`) and answers every setting. */
    async update(patch: Record<string, unknown>): Promise<Settings> {
      await this.change(patch);
      return this.all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
