import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { settingsSchema, SETTING_KEYS, type SettingKey, type Settings } from './settings.schema';
import { settings } from './settings.tables';

/** How long a node trusts its cached copy; another node's change shows within this time. */
const CACHE_MS = 2_000;

export function createSettingsService({ database }: { database: Database }) {
  let cached: { at: number; value: Settings } | undefined;

  async function load(): Promise<Settings> {
    const rows = await database.db.select().from(settings);
    const raw: Record<string, unknown> = {};
    for (const row of rows) if ((SETTING_KEYS as string[]).includes(row.key)) raw[row.key] = row.value;
    return settingsSchema.parse(raw);
  }

  return {
    /** Current settings, cached briefly. */
    async all(): Promise<Settings> {
      if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), value: await load() };
      return cached.value;
    },
    async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
      return (await this.all())[key];
    },
    /** Sets some keys (validated together); an unknown key or a bad value changes nothing. */
    async update(patch: Record<string, unknown>): Promise<Settings> {
      for (const key of Object.keys(patch)) {
        if (!(SETTING_KEYS as string[]).includes(key)) throw badRequest('unknownField', { field: key });
      }
      const next = settingsSchema.safeParse({ ...(await load()), ...patch });
      if (!next.success)
        throw badRequest('fieldInvalid', { field: String(next.error.issues[0]?.path[0] ?? '') });
      await database.transaction(async (tx) => {
        for (const [key, value] of Object.entries(patch)) {
          await tx
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
        }
      });
      cached = undefined;
      return this.all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
