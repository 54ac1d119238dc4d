import crypto from 'node:crypto';
import type {
  CasinoCategory,
  CasinoGame,
  CasinoGameRequest,
  CasinoGameUpdate,
  CasinoLobby,
  CasinoProvider,
  CasinoProviderRequest,
} from '@aposta/contracts';
import { CASINO_CATEGORIES } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';

/**
 * Providers and their games as configuration rows: adding a provider is a call, not code. The secret that
 * signs a provider's calls is never answered; it is cached per node for a few seconds (the wallet's hot path
 * reads it on every call) and dropped at once on this node when it changes.
 */

/** How a provider's calls are checked. */
export type ProviderKey = { kind: 'hmac'; secret: string } | { kind: 'rsa'; publicKey: crypto.KeyObject };

interface GameRow {
  game_code: string;
  provider_code: string;
  provider_name: string;
  name: string;
  category: string;
  rtp_bp: number | string;
  thumbnail: string;
  launch_url: string;
  enabled: boolean;
  hot: boolean;
  sort: number | string;
  demo: boolean;
}

const SECRET_CACHE_MS = 5_000;

async function rows<T>(exec: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

export const gameOf = (r: GameRow): CasinoGame => ({
  gameCode: r.game_code,
  name: r.name,
  provider: r.provider_code,
  providerName: r.provider_name,
  category: r.category as CasinoCategory,
  rtp: Number(r.rtp_bp) / 100,
  thumbnail: r.thumbnail,
  enabled: r.enabled,
  hot: r.hot,
  sort: Number(r.sort),
  demo: r.demo,
});

const GAME_SELECT = sql`select g.game_code, g.provider_code, p.name as provider_name, g.name, g.category, g.rtp_bp,
  g.thumbnail, g.launch_url, g.enabled, g.hot, g.sort, g.demo
  from casino_games g join casino_providers p on p.code = g.provider_code`;

export function createCatalogue(database: Database) {
  const { db } = database;
  const keys = new Map<string, { key: ProviderKey | null; until: number }>();

  async function game(gameCode: string): Promise<(CasinoGame & { launchUrl: string }) | undefined> {
    const [r] = await rows<GameRow>(db, sql`${GAME_SELECT} where g.game_code = ${gameCode}`);
    return r && { ...gameOf(r), launchUrl: r.launch_url };
  }

  return {
    /** What checks a provider's signatures; null for an unknown or disabled provider. */
    async providerKey(code: string): Promise<ProviderKey | null> {
      const hit = keys.get(code);
      if (hit && hit.until > Date.now()) return hit.key;
      const [r] = await rows<{ secret: string; public_key: string | null }>(
        db,
        sql`select secret, public_key from casino_providers where code = ${code} and enabled`,
      );
      const key: ProviderKey | null = !r
        ? null
        : r.public_key
          ? { kind: 'rsa', publicKey: crypto.createPublicKey(r.public_key) }
          : { kind: 'hmac', secret: r.secret };
      keys.set(code, { key, until: Date.now() + SECRET_CACHE_MS });
      return key;
    },

    async upsertProvider(input: CasinoProviderRequest): Promise<CasinoProvider> {
      await db.execute(
        sql`insert into casino_providers (code, name, secret, public_key)
            values (${input.code}, ${input.name}, ${input.secret ?? ''}, ${input.publicKey ?? null})
            on conflict (code) do update set name = excluded.name, secret = excluded.secret,
              public_key = excluded.public_key`,
      );
      keys.delete(input.code);
      return (await this.providers()).find((p) => p.code === input.code)!;
    },

    async providers(): Promise<CasinoProvider[]> {
      const list = await rows<{
        code: string;
        name: string;
        enabled: boolean;
        created_at: string | Date;
        games: string;
        rsa: boolean;
      }>(
        db,
        sql`select p.code, p.name, p.enabled, p.created_at, p.public_key is not null as rsa,
              (select count(*) from casino_games g where g.provider_code = p.code) as games
            from casino_providers p order by p.code`,
      );
      return list.map((p) => ({
        code: p.code,
        name: p.name,
        signature: p.rsa ? ('rsa' as const) : ('hmac' as const),
        enabled: p.enabled,
        games: Number(p.games),
        createdAt: new Date(p.created_at).toISOString(),
      }));
    },

    async upsertGame(providerCode: string, g: CasinoGameRequest, demo = true): Promise<CasinoGame> {
      const [p] = await rows(db, sql`select 1 from casino_providers where code = ${providerCode}`);
      if (!p) throw notFound('casinoProviderUnknown');
      await db.execute(
        sql`insert into casino_games (game_code, provider_code, name, category, rtp_bp, thumbnail, launch_url, demo)
            values (${g.gameCode}, ${providerCode}, ${g.name}, ${g.category}, ${Math.round(g.rtp * 100)},
              ${g.thumbnail}, ${g.launchUrl}, ${demo})
            on conflict (game_code) do update set provider_code = excluded.provider_code, name = excluded.name,
              category = excluded.category, rtp_bp = excluded.rtp_bp, thumbnail = excluded.thumbnail,
              launch_url = excluded.launch_url, demo = excluded.demo`,
      );
      return (await game(g.gameCode))!;
    },

    async updateGame(gameCode: string, u: CasinoGameUpdate): Promise<CasinoGame> {
      const [r] = await rows(
        db,
        sql`update casino_games set enabled = coalesce(${u.enabled ?? null}::boolean, enabled),
              sort = coalesce(${u.sort ?? null}::int, sort), hot = coalesce(${u.hot ?? null}::boolean, hot),
              category = coalesce(${u.category ?? null}::text, category)
            where game_code = ${gameCode} returning game_code`,
      );
      if (!r) throw notFound('casinoGameUnknown');
      return (await game(gameCode))!;
    },

    game,

    /** The lobby: enabled games of enabled providers, by order then name; counts per category. */
    async lobby(q: { category?: CasinoCategory; q?: string; provider?: string }): Promise<CasinoLobby> {
      const all = (
        await rows<GameRow>(db, sql`${GAME_SELECT} where g.enabled and p.enabled order by g.sort, g.name`)
      ).map(gameOf);
      const needle = q.q?.toLowerCase();
      const games = all.filter(
        (g) =>
          (!q.category || g.category === q.category) &&
          (!q.provider || g.provider === q.provider) &&
          (!needle || g.name.toLowerCase().includes(needle) || g.gameCode.includes(needle)),
      );
      const providers = new Map(all.map((g) => [g.provider, g.providerName]));
      return {
        games,
        categories: CASINO_CATEGORIES.map((category) => ({
          category,
          count: all.filter((g) => g.category === category).length,
        })).filter((c) => c.count > 0),
        providers: [...providers].map(([code, name]) => ({ code, name })),
      };
    },

    async hot(): Promise<CasinoGame[]> {
      return (
        await rows<GameRow>(
          db,
          sql`${GAME_SELECT} where g.enabled and p.enabled and g.hot order by g.sort, g.name limit 24`,
        )
      ).map(gameOf);
    },
  };
}

export type CasinoCatalogue = ReturnType<typeof createCatalogue>;
