import crypto from 'node:crypto';
import type {
  CasinoCategory,
  CasinoGame,
  CasinoGameRequest,
  CasinoGameUpdate,
  CasinoLobby,
  CasinoProvider,
  CasinoProviderRequest,
  OperatorCasinoGame,
} from '@aposta/contracts';
import { CASINO_CATEGORIES } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { frameOriginOf } from '../../platform/http';
import { isSealed, type SecretBox } from '../../platform/secret-box';

/**
 * Providers and their games as configuration rows: adding a provider is a call, not code. The secret that
 * signs a provider's calls is stored sealed (AES-256-GCM, the config's CASINO_SECRET_KEY; the database refuses
 * a plain one), never answered nor audited; it is cached per node for a few seconds (the wallet's hot path
 * reads it on every call) and dropped at once on this node when it changes.
 */

/** A provider's new key: an HMAC secret, or an RSA public key (PEM). */
export type ProviderKeyInput = { secret?: string; publicKey?: string };

/** Someone saved the record after the form read it: nothing is written (contracts/casino.ts, stale forms). */
const stale = () => conflict('staleVersion');

/**
 * The upserts' condition on an existing row: none without `version` (older callers, the studio at boot), else
 * the version the form read (a new one's form sends 0, which no row has: an existing code is refused).
 */
const sameVersion = (column: ReturnType<typeof sql>, version: number | undefined) =>
  version === undefined ? sql`true` : sql`${column} = ${version}`;

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
  version: number | string;
  provider_enabled: boolean;
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

const operatorGameOf = (r: GameRow): OperatorCasinoGame => ({ ...gameOf(r), version: Number(r.version) });

const GAME_SELECT = sql`select g.game_code, g.provider_code, p.name as provider_name, g.name, g.category, g.rtp_bp,
  g.thumbnail, g.launch_url, g.enabled, g.hot, g.sort, g.demo, g.version, p.enabled as provider_enabled
  from casino_games g join casino_providers p on p.code = g.provider_code`;

/**
 * `changed` is told after every write that may change what the lobby shows or where games open (the module
 * refreshes the CSP's frame sources there and tells the other nodes).
 */
export function createCatalogue(
  database: Database,
  box: SecretBox,
  changed: () => Promise<void> = async () => {},
) {
  const { db } = database;
  // The read itself is cached: the calls of a burst arriving when the entry expired share one read.
  const keys = new Map<string, { key: Promise<ProviderKey | null>; until: number }>();

  /** Providers (never their keys); one with `code`. */
  async function providerList(code?: string): Promise<CasinoProvider[]> {
    const list = await rows<{
      code: string;
      name: string;
      enabled: boolean;
      created_at: string | Date;
      games: string;
      rsa: boolean;
      version: number;
    }>(
      db,
      sql`select p.code, p.name, p.enabled, p.created_at, p.public_key is not null as rsa, p.version,
            (select count(*) from casino_games g where g.provider_code = p.code) as games
          from casino_providers p where ${code === undefined ? sql`true` : sql`p.code = ${code}`}
          order by p.code`,
    );
    return list.map((p) => ({
      code: p.code,
      name: p.name,
      signature: p.rsa ? ('rsa' as const) : ('hmac' as const),
      enabled: p.enabled,
      games: Number(p.games),
      version: Number(p.version),
      createdAt: new Date(p.created_at).toISOString(),
    }));
  }
  const provider = async (code: string) => (await providerList(code))[0];

  /** What the row stores for a key: the HMAC secret sealed, '' for an RSA provider. */
  /** The stored form of a provider's key; a public key that does not parse is refused before it is stored. */
  const sealed = (input: ProviderKeyInput) => {
    if (input.publicKey) {
      let key: crypto.KeyObject;
      try {
        key = crypto.createPublicKey(input.publicKey);
      } catch {
        // Stored, it would fail every one of the provider's calls (wins and rollbacks included) later.
        throw badRequest('casinoPublicKey');
      }
      // RSA-SHA256 only, of 2048 bits or more: an Ed25519 key threw on every call (HTTP 500, no Hub88 answer),
      // and a short RSA key can be factored.
      if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
        throw badRequest('casinoPublicKey');
    }
    return input.secret ? box.seal(input.secret) : '';
  };

  async function game(
    gameCode: string,
    exec: Executor = db,
  ): Promise<(OperatorCasinoGame & { launchUrl: string; providerEnabled: boolean }) | undefined> {
    const [r] = await rows<GameRow>(exec, sql`${GAME_SELECT} where g.game_code = ${gameCode}`);
    return r && { ...operatorGameOf(r), launchUrl: r.launch_url, providerEnabled: r.provider_enabled };
  }

  /**
   * Ends the game sessions of a game no longer open to stakes through them (disabled, or moved to another
   * provider): the group-committed bet reads only the session, so a bet there now goes to the full rules, which
   * refuse it (`playable`). Wins and rollbacks of its rounds still pass.
   */
  const endSessionsOf = (exec: Executor, gameCode: string) =>
    // (No index by game: run only when a game is disabled or moved, a rare operator's write.)
    exec.execute(
      sql`update casino_sessions s set ended_at = now()
          where s.game_code = ${gameCode} and s.ended_at is null
            and not exists (select 1 from casino_games g join casino_providers p on p.code = g.provider_code
              where g.game_code = s.game_code and g.provider_code = s.provider_code and g.enabled and p.enabled)`,
    );

  return {
    /** What checks a provider's signatures; null for an unknown or disabled provider. */
    providerKey(code: string): Promise<ProviderKey | null> {
      const hit = keys.get(code);
      if (hit && hit.until > Date.now()) return hit.key;
      const key = rows<{ secret: string; public_key: string | null }>(
        db,
        sql`select secret, public_key from casino_providers where code = ${code} and enabled`,
      ).then(([r]): ProviderKey | null =>
        !r
          ? null
          : r.public_key
            ? { kind: 'rsa', publicKey: crypto.createPublicKey(r.public_key) }
            : { kind: 'hmac', secret: box.open(r.secret) },
      );
      const entry = { key, until: Date.now() + SECRET_CACHE_MS };
      keys.set(code, entry);
      // Only a provider's key is kept once read: an unknown or disabled code's answer, or a failed read, goes
      // (kept, every code anybody posts to would stay in memory: unsigned calls to random codes filled the heap).
      const drop = () => keys.get(code) === entry && keys.delete(code);
      key.then((found) => {
        if (!found) drop();
      }, drop);
      return key;
    },

    /** How many codes' keys are held (the enabled providers called lately, and reads in flight). */
    keysHeld: () => keys.size,

    /**
     * Adds a provider, or renames one and replaces its key (`existed` says which); with `version`, only if the
     * provider is still at it (409 `staleVersion` otherwise, nothing written).
     */
    async upsertProvider(
      input: CasinoProviderRequest,
    ): Promise<{ provider: CasinoProvider; existed: boolean }> {
      const [r] = await rows<{ inserted: boolean }>(
        db,
        sql`insert into casino_providers (code, name, secret, public_key)
            values (${input.code}, ${input.name}, ${sealed(input)}, ${input.publicKey ?? null})
            on conflict (code) do update set name = excluded.name, secret = excluded.secret,
              public_key = excluded.public_key, version = casino_providers.version + 1
              where ${sameVersion(sql`casino_providers.version`, input.version)}
            returning (xmax = 0) as inserted`,
      );
      if (!r) throw stale();
      keys.delete(input.code);
      await changed();
      return { provider: (await provider(input.code))!, existed: !r!.inserted };
    },

    /**
     * Replaces a provider's key (rotation) if it is still at the `version` the form read (409 `staleVersion`
     * otherwise): the old key stops working on this node at once, elsewhere in 5 s.
     */
    async setProviderKey(
      code: string,
      input: ProviderKeyInput & { version: number },
    ): Promise<CasinoProvider> {
      const [r] = await rows(
        db,
        sql`update casino_providers set secret = ${sealed(input)}, public_key = ${input.publicKey ?? null},
              version = version + 1
            where code = ${code} and version = ${input.version} returning code`,
      );
      if (!r) throw (await provider(code)) ? stale() : notFound('casinoProviderUnknown');
      keys.delete(code);
      return (await provider(code))!;
    },

    /**
     * Seals the secrets stored in plain text before sealing existed (run at start, before any call is served;
     * the key is config's, so no SQL migration can do it), then lets the database hold every row to it. Each
     * row is replaced only if still the plain value read, so several nodes starting at once seal it once.
     */
    async sealPlainSecrets(): Promise<number> {
      const stored = await rows<{ code: string; secret: string }>(
        db,
        sql`select code, secret from casino_providers where secret <> ''`,
      );
      // A key that cannot open a sealed secret (CASINO_SECRET_KEY changed or lost) would fail every call of
      // that provider, its wins and rollbacks too: refuse to start instead, naming the providers.
      const unreadable = stored.filter((r) => {
        if (!isSealed(r.secret)) return false;
        try {
          box.open(r.secret);
          return false;
        } catch {
          return true;
        }
      });
      if (unreadable.length)
        throw new Error(
          `CASINO_SECRET_KEY cannot open the secrets of providers ${unreadable.map((r) => r.code).join(', ')}`,
        );
      const plain = stored.filter((r) => !isSealed(r.secret));
      let sealedRows = 0;
      for (const r of plain) {
        const done = await rows(
          db,
          sql`update casino_providers set secret = ${box.seal(r.secret)}
              where code = ${r.code} and secret = ${r.secret} returning code`,
        );
        sealedRows += done.length;
        keys.delete(r.code);
      }
      const [check] = await rows<{ convalidated: boolean }>(
        db,
        sql`select convalidated from pg_constraint where conname = 'casino_providers_secret_sealed'`,
      );
      if (check && !check.convalidated)
        await db.execute(
          sql`alter table casino_providers validate constraint casino_providers_secret_sealed`,
        );
      return sealedRows;
    },

    providers: () => providerList(),

    /** Adds a game or replaces one; with `version`, only if the game is still at it (409 `staleVersion`). */
    async upsertGame(providerCode: string, g: CasinoGameRequest, demo = true): Promise<OperatorCasinoGame> {
      const [p] = await rows<{ moved: boolean }>(
        db,
        sql`select exists (select 1 from casino_games where game_code = ${g.gameCode}
              and provider_code <> ${providerCode}) as moved
            from casino_providers where code = ${providerCode}`,
      );
      if (!p) throw notFound('casinoProviderUnknown');
      const [r] = await rows(
        db,
        sql`insert into casino_games (game_code, provider_code, name, category, rtp_bp, thumbnail, launch_url, demo)
            values (${g.gameCode}, ${providerCode}, ${g.name}, ${g.category}, ${Math.round(g.rtp * 100)},
              ${g.thumbnail}, ${g.launchUrl}, ${demo})
            on conflict (game_code) do update set provider_code = excluded.provider_code, name = excluded.name,
              category = excluded.category, rtp_bp = excluded.rtp_bp, thumbnail = excluded.thumbnail,
              launch_url = excluded.launch_url, demo = excluded.demo, version = casino_games.version + 1
              where ${sameVersion(sql`casino_games.version`, g.version)}
            returning game_code`,
      );
      if (!r) throw stale();
      if (p.moved) await endSessionsOf(db, g.gameCode);
      await changed();
      return (await game(g.gameCode))!;
    },

    /**
     * Enables, orders, marks hot or moves a game if it is still at the `version` the form read (409
     * `staleVersion` otherwise, nothing written); the row is locked for the check and the write. Answers the
     * game before and after (the audit row).
     */
    async updateGame(
      gameCode: string,
      u: CasinoGameUpdate,
    ): Promise<{ before: OperatorCasinoGame; after: OperatorCasinoGame }> {
      const result = await database.transaction(async (tx) => {
        const [locked] = await rows<GameRow>(
          tx,
          sql`${GAME_SELECT} where g.game_code = ${gameCode} for update of g`,
        );
        if (!locked) throw notFound('casinoGameUnknown');
        if (Number(locked.version) !== u.version) throw stale();
        await tx.execute(
          sql`update casino_games set enabled = coalesce(${u.enabled ?? null}::boolean, enabled),
                sort = coalesce(${u.sort ?? null}::int, sort), hot = coalesce(${u.hot ?? null}::boolean, hot),
                category = coalesce(${u.category ?? null}::text, category), version = version + 1
              where game_code = ${gameCode}`,
        );
        if (u.enabled === false) await endSessionsOf(tx, gameCode);
        return { before: operatorGameOf(locked), after: (await game(gameCode, tx))! };
      });
      await changed();
      return result;
    },

    /** Every game (disabled ones too), as the back office edits them: by provider, then order and name. */
    async allGames(): Promise<OperatorCasinoGame[]> {
      return (await rows<GameRow>(db, sql`${GAME_SELECT} order by g.provider_code, g.sort, g.name`)).map(
        operatorGameOf,
      );
    },

    game,

    /**
     * Whether `gameCode` takes stakes from `providerCode`'s calls: the game is that provider's, enabled, and the
     * provider enabled (a game disabled or moved after its launch is refused, RS_ERROR_INVALID_GAME).
     */
    async playable(providerCode: string, gameCode: string): Promise<boolean> {
      const [r] = await rows(
        db,
        sql`select 1 from casino_games g join casino_providers p on p.code = g.provider_code
            where g.game_code = ${gameCode} and g.provider_code = ${providerCode} and g.enabled and p.enabled`,
      );
      return Boolean(r);
    },

    /** The lobby: enabled games of enabled providers, by order then name; counts per category. */
    async lobby(q: { category?: CasinoCategory; q?: string; provider?: string }): Promise<CasinoLobby> {
      const all = (
        await rows<GameRow>(db, sql`${GAME_SELECT} where g.enabled and p.enabled order by g.sort, g.name`)
      ).map(gameOf);
      // A search finds a game by its name, its code or its studio's name, whatever accents, case or spaces.
      const fold = (text: string) =>
        text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
      const needle = q.q ? fold(q.q) : '';
      const games = all.filter(
        (g) =>
          (!q.category || g.category === q.category) &&
          (!q.provider || g.provider === q.provider) &&
          (!needle || [g.name, g.gameCode, g.providerName].some((text) => fold(text).includes(needle))),
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

    /**
     * The origins (`https://games.example.com`) of the launch URLs of enabled games of enabled providers: what
     * the app's CSP lets `/play` frame. Paths of this site need nothing; a URL that is not a plain http(s)
     * origin (a wildcard host, credentials, characters CSP would read as syntax) is never answered.
     */
    async frameOrigins(): Promise<string[]> {
      const urls = await rows<{ launch_url: string }>(
        db,
        sql`select distinct g.launch_url from casino_games g join casino_providers p on p.code = g.provider_code
            where g.enabled and p.enabled and g.launch_url ~* '^https?://'`,
      );
      return [
        ...new Set(urls.map((u) => frameOriginOf(u.launch_url)).filter((o): o is string => o !== null)),
      ].sort();
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
