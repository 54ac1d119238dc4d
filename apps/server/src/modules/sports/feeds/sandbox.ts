import { MatchTime, SPORTS, type SportCode } from '@aposta/contracts';
import { PREMATCH, type LiveState } from '../pricing';
import type { EventResult } from '../sports.settlement';
import type { FeedFixture, FeedUpdate, SportsFeed } from './feed';

/**
 * The sandbox feed: a realistic schedule of fixtures for the twelve sports, played in play at a configurable
 * speed. It keeps no state: a fixture's whole match (goals, corners, red cards, penalties; points, sets,
 * games…) is drawn from a generator seeded by its id, and the state at any moment is read off that script
 * by the time elapsed — so any node computes the same match, and a restart resumes it where it is. A few
 * fixtures are not played, as in real life: drawn from the same seed, one is postponed (match time −14, never
 * played: the sportsbook voids it once `sports.postponedVoidHours` have passed) or cancelled (−10, voided at
 * once), from its kick-off on.
 */

/** mulberry32 seeded by a string's FNV-1a hash. */
export function rng(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEAMS: Record<SportCode, { competition: string; names: string[] }> = {
  football: {
    competition: 'Brasileirão Série A',
    names: [
      'Flamengo',
      'Palmeiras',
      'Corinthians',
      'São Paulo',
      'Santos',
      'Grêmio',
      'Internacional',
      'Atlético-MG',
      'Fluminense',
      'Botafogo',
      'Cruzeiro',
      'Vasco',
      'Bahia',
      'Fortaleza',
    ],
  },
  basketball: {
    competition: 'NBB',
    names: ['Franca', 'Flamengo', 'Minas', 'Pinheiros', 'Bauru', 'Paulistano', 'Corinthians', 'Brasília'],
  },
  tennis: {
    competition: 'ATP Rio Open',
    names: [
      'J. Fonseca',
      'T. Monteiro',
      'C. Alcaraz',
      'J. Sinner',
      'C. Ruud',
      'F. Cerúndolo',
      'S. Báez',
      'A. Zverev',
    ],
  },
  boxing: {
    competition: 'Fight Night',
    names: ['A. Falcão', 'P. Conceição', 'R. Popó', 'H. Conceição', 'E. Oliveira', 'Y. Teixeira'],
  },
  snooker: {
    competition: 'World Open',
    names: ['R. O’Sullivan', 'J. Trump', 'M. Selby', 'N. Robertson', 'I. Souza', 'K. Wilson'],
  },
  baseball: {
    competition: 'MLB',
    names: ['Yankees', 'Red Sox', 'Dodgers', 'Giants', 'Cubs', 'Mets', 'Astros', 'Braves'],
  },
  volleyball: {
    competition: 'Superliga',
    names: ['Sada Cruzeiro', 'Minas', 'Sesi-SP', 'Praia Clube', 'Osasco', 'Barueri'],
  },
  badminton: {
    competition: 'BWF Tour',
    names: ['Y. Coelho', 'V. Axelsen', 'K. Momota', 'L. Zii Jia', 'A. Ginting', 'S. Lee'],
  },
  americanFootball: {
    competition: 'NFL',
    names: ['Chiefs', 'Eagles', '49ers', 'Bills', 'Cowboys', 'Ravens', 'Lions', 'Packers'],
  },
  tableTennis: {
    competition: 'WTT Series',
    names: ['H. Calderano', 'F. Ma Long', 'T. Harimoto', 'W. Chuqin', 'D. Ovtcharov', 'L. Lebrun'],
  },
  cricket: {
    competition: 'IPL',
    names: ['Mumbai', 'Chennai', 'Kolkata', 'Delhi', 'Punjab', 'Rajasthan', 'Hyderabad', 'Bangalore'],
  },
  motorRacing: {
    competition: 'Grand Prix H2H',
    names: ['G. Bortoleto', 'M. Verstappen', 'L. Hamilton', 'C. Leclerc', 'L. Norris', 'F. Alonso'],
  },
};

/** Real minutes a match lasts at speed 1 (football: 90 + 15 of half time). */
const DURATION: Record<SportCode, number> = {
  football: 105,
  basketball: 120,
  tennis: 100,
  boxing: 45,
  snooker: 180,
  baseball: 180,
  volleyball: 110,
  badminton: 50,
  americanFootball: 190,
  tableTennis: 40,
  cricket: 200,
  motorRacing: 95,
};

export interface SandboxOptions {
  /** Match time per real time. */
  speed: number;
  /** Fixtures kept ahead per sport. */
  perSport?: number;
  /** Seconds between the feed's steps: a dangerous moment keeps the markets suspended for one step. */
  stepSeconds?: number;
  /** Shares of fixtures postponed and cancelled at kick-off (default 1% and 0.3%; tests that need every fixture played pass 0). */
  postponed?: number;
  cancelled?: number;
}

interface Moment {
  /** Share of the match played when it happens (0 … 1). */
  at: number;
  side: 'home' | 'away';
  kind: 'goal' | 'corner' | 'red' | 'penalty' | 'point';
  points?: number;
}

/** A football script: every goal, corner, red card and penalty of the match, by match minute. */
function footballScript(r: () => number, strength: number): Moment[] {
  const rate = { home: Math.max(0.2, (2.6 + strength) / 2), away: Math.max(0.2, (2.6 - strength) / 2) };
  const out: Moment[] = [];
  for (let minute = 0; minute < 90; minute++)
    for (const side of ['home', 'away'] as const) {
      const at = (minute + r()) / 90;
      if (r() < rate[side] / 90) out.push({ at, side, kind: r() < 0.12 ? 'penalty' : 'goal' });
      if (r() < 5 / 90) out.push({ at, side, kind: 'corner' });
      if (r() < 0.06 / 90) out.push({ at, side, kind: 'red' });
    }
  return out;
}

/** The home side's share of the scoring moments (and of the overtimes) in the points sports. */
const homeShare = (strength: number) => 0.5 + Math.max(-0.4, Math.min(0.4, strength * 0.08));

/** Points sports, baseball and races: scoring moments spread over the match. */
function pointsScript(sport: SportCode, r: () => number, strength: number): Moment[] {
  const out: Moment[] = [];
  const p = homeShare(strength);
  const steps: Record<string, [number, number]> = {
    basketball: [200, 1.1],
    americanFootball: [14, 3.2],
    cricket: [120, 2.7],
    baseball: [18, 0.5],
  };
  const [n, mean] = steps[sport] ?? [0, 0];
  for (let i = 0; i < n; i++) {
    const side = r() < p ? 'home' : 'away';
    const points =
      sport === 'baseball' ? (r() < mean ? 1 : 0) : Math.max(1, Math.round(mean + (r() - 0.5) * 2));
    if (points) out.push({ at: (i + r()) / n, side, kind: 'point', points });
  }
  return out;
}

/** Races to N sets (and tennis by sets of games): the sets in order, each at its share of the match. */
function setsScript(sport: SportCode, r: () => number, strength: number) {
  const n = { volleyball: 3, badminton: 2, tableTennis: 3, snooker: 5, tennis: 2 }[sport as 'tennis'] ?? 2;
  const q = 1 / (1 + Math.exp(-0.8 * strength));
  const sets: { side: 'home' | 'away'; games: [number, number] }[] = [];
  let h = 0;
  let a = 0;
  while (h < n && a < n) {
    const side = r() < q ? 'home' : 'away';
    const loser = Math.floor(r() * 5);
    const games: [number, number] = side === 'home' ? [6, loser] : [loser, 6];
    sets.push({ side, games });
    if (side === 'home') h++;
    else a++;
  }
  return sets;
}

export function createSandboxFeed(options: SandboxOptions): SportsFeed & {
  /** The whole state of a fixture at `now` (for tests). */
  stateAt(fixture: { externalId: string; startsAt: Date }, now: Date): FeedUpdate;
} {
  const perSport = options.perSport ?? 4;
  const speed = options.speed;
  /** Match minutes a dangerous moment lasts: at least one step of the feed. */
  const dangerMinutes = Math.max(0.5, ((options.stepSeconds ?? 5) * speed) / 60);
  const realMs = (sport: SportCode) => (DURATION[sport] * 60_000) / speed;
  const shares = { postponed: options.postponed ?? 0.01, cancelled: options.cancelled ?? 0.003 };

  /** A fixture's fate, drawn from its own seed: played, or postponed or cancelled at its kick-off. */
  function offClock(externalId: string): number | null {
    const x = rng(`${externalId}:fate`)();
    if (x < shares.cancelled) return MatchTime.CANCELLED;
    if (x < shares.cancelled + shares.postponed) return MatchTime.POSTPONED;
    return null;
  }

  function fixtureOf(sport: SportCode, slot: number): FeedFixture {
    const externalId = `${sport}:${slot}`;
    const r = rng(externalId);
    const names = TEAMS[sport].names;
    const i = Math.floor(r() * names.length);
    const j = (i + 1 + Math.floor(r() * (names.length - 1))) % names.length;
    return {
      externalId,
      sport,
      competition: TEAMS[sport].competition,
      home: names[i]!,
      away: names[j]!,
      startsAt: new Date(slot),
      strength: Math.round((r() * 2 - 1) * 100) / 100 + (sport === 'football' ? 0.3 : 0),
    };
  }

  /** Kick-offs per sport every third of a match, staggered by sport, so some are always live and some ahead. */
  function slots(sport: SportCode, now: Date): number[] {
    const every = Math.max(60_000, Math.round(realMs(sport) / 3));
    const offset = (SPORTS.indexOf(sport) * every) / SPORTS.length;
    const first = Math.floor((now.getTime() - offset - realMs(sport)) / every) * every + offset;
    const list: number[] = [];
    for (let t = first; list.length < perSport + 4; t += every)
      if (t + realMs(sport) > now.getTime()) list.push(t);
    return list.map((t) => Math.round(t));
  }

  function stateAt(f: { externalId: string; startsAt: Date }, now: Date): FeedUpdate {
    const sport = f.externalId.split(':')[0] as SportCode;
    const fixture = fixtureOf(sport, Number(f.externalId.split(':')[1]));
    const r = rng(`${f.externalId}:match`);
    const elapsed = (now.getTime() - f.startsAt.getTime()) / realMs(sport);
    const base: FeedUpdate = {
      externalId: f.externalId,
      clock: MatchTime.NOT_OPEN,
      state: PREMATCH,
      dangerous: false,
      result: null,
    };
    if (elapsed < 0) return base;
    const off = offClock(f.externalId);
    if (off !== null) return { ...base, clock: off };
    const done = elapsed >= 1;
    if (sport === 'football') {
      const script = footballScript(r, fixture.strength);
      // 45' + 15' half time + 45' over 105 real minutes at speed 1.
      const m = Math.min(105, elapsed * 105);
      const minute = m < 45 ? m : m < 60 ? 45 : Math.min(90, m - 15);
      const clock = done
        ? MatchTime.FINISHED
        : m < 45
          ? MatchTime.FIRST_HALF
          : m < 60
            ? MatchTime.HALF_TIME
            : MatchTime.SECOND_HALF;
      const upTo = (limit: number, kind: Moment['kind'][]) =>
        script.filter((x) => x.at * 90 <= limit && kind.includes(x.kind));
      const count = (list: Moment[], side: 'home' | 'away') => list.filter((x) => x.side === side).length;
      const goals = upTo(minute, ['goal', 'penalty']);
      const corners = upTo(minute, ['corner']);
      const half = upTo(45, ['goal', 'penalty']);
      const state: LiveState = {
        ...PREMATCH,
        minute,
        progress: minute / 90,
        score: { home: count(goals, 'home'), away: count(goals, 'away') },
        corners: { home: count(corners, 'home'), away: count(corners, 'away') },
        halfTime: minute >= 45 ? { home: count(half, 'home'), away: count(half, 'away') } : null,
      };
      const dangerous =
        !done &&
        script.some((x) => x.kind !== 'corner' && x.at * 90 <= minute && x.at * 90 > minute - dangerMinutes);
      const result: EventResult | null = done
        ? {
            home: state.score.home,
            away: state.score.away,
            halfTimeHome: state.halfTime!.home,
            halfTimeAway: state.halfTime!.away,
            cornersHome: state.corners.home,
            cornersAway: state.corners.away,
          }
        : null;
      return { externalId: f.externalId, clock, state, dangerous, result };
    }
    const progress = Math.min(1, elapsed);
    const clock = done ? MatchTime.FINISHED : progress < 0.5 ? MatchTime.FIRST_HALF : MatchTime.SECOND_HALF;
    if (sport === 'boxing' || sport === 'motorRacing') {
      const q = 1 / (1 + Math.exp(-fixture.strength));
      const homeWins = r() < q;
      const draw = sport === 'boxing' && r() < 0.03;
      const score = done
        ? draw
          ? { home: 0, away: 0 }
          : homeWins
            ? { home: 1, away: 0 }
            : { home: 0, away: 1 }
        : { home: 0, away: 0 };
      return {
        externalId: f.externalId,
        clock,
        state: { ...PREMATCH, progress, score },
        dangerous: false,
        result: done ? score : null,
      };
    }
    if (['volleyball', 'badminton', 'tableTennis', 'snooker', 'tennis'].includes(sport)) {
      const sets = setsScript(sport, r, fixture.strength);
      const played = Math.min(sets.length, Math.floor(progress * sets.length + 1e-9));
      const score = { home: 0, away: 0 };
      const setGames = { home: 0, away: 0 };
      for (const s of sets.slice(0, played)) {
        score[s.side]++;
        setGames.home += s.games[0];
        setGames.away += s.games[1];
      }
      const current = sets[played];
      const within = progress * sets.length - played;
      const games =
        sport === 'tennis' && current && !done
          ? { home: Math.floor(current.games[0] * within), away: Math.floor(current.games[1] * within) }
          : null;
      const state: LiveState = {
        ...PREMATCH,
        progress,
        score,
        games,
        setGames: sport === 'tennis' ? setGames : null,
      };
      const dangerous = !done && played > 0 && within < 0.05;
      return { externalId: f.externalId, clock, state, dangerous, result: done ? score : null };
    }
    const script = pointsScript(sport, r, fixture.strength);
    const score = { home: 0, away: 0 };
    const quarters = [0, 1, 2, 3].map(() => ({ home: 0, away: 0 }));
    for (const x of script) {
      if (x.at > progress) continue;
      score[x.side] += x.points ?? 1;
      quarters[Math.min(3, Math.floor(x.at * 4))]![x.side] += x.points ?? 1;
    }
    // Overtime: won by either side (drawn after the script, so the match itself is unchanged), by one point.
    if (done && score.home === score.away) score[r() < homeShare(fixture.strength) ? 'home' : 'away']++;
    const result: EventResult | null = done
      ? { ...score, ...(sport === 'basketball' ? { quarters } : {}) }
      : null;
    return {
      externalId: f.externalId,
      clock,
      state: { ...PREMATCH, progress, score },
      dangerous: false,
      result,
    };
  }

  return {
    name: 'sandbox',
    async fixtures(now) {
      return SPORTS.flatMap((sport) => slots(sport, now).map((slot) => fixtureOf(sport, slot)));
    },
    async updates(events, now) {
      return events.filter((e) => e.externalId.includes(':')).map((e) => stateAt(e, now));
    },
    stateAt,
  };
}
