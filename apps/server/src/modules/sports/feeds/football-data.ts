import { MatchTime } from '@aposta/contracts';
import { PREMATCH, type LiveState } from '../pricing';
import type { FeedFixture, FeedUpdate, SportsFeed } from './feed';

/**
 * football-data.org v4 (https://docs.football-data.org/general/v4/match.html) as a feed: fixtures from
 * `GET /v4/matches?dateFrom&dateTo` (at most 10 days), the state of play of our events from
 * `GET /v4/matches?ids=…`, header `X-Auth-Token`. A match maps to our model: `status` SCHEDULED|TIMED → not open,
 * IN_PLAY → first or second half (by `minute`, else by the time since kick-off), PAUSED → half time,
 * EXTRA_TIME → overtime (4), PENALTY_SHOOTOUT → penalties (5), FINISHED → finished with its result (full time and
 * half time; the API has no corners, so corner markets are voided), POSTPONED → postponed (−14) and SUSPENDED
 * (stopped, to be resumed later) → interrupted (−13): the sportsbook voids either when it is not played within
 * `sports.postponedVoidHours` of its kick-off; CANCELLED → cancelled (−10) and AWARDED (decided off the pitch,
 * its score not played) → cancelled too: voided at once. `score.fullTime` holds the running score in play. The
 * API gives no prices: events are priced by our model at an even strength with home advantage.
 */
export const FOOTBALL_DATA_API = 'https://api.football-data.org/v4';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

interface FdTeam {
  id: number;
  name: string;
  shortName?: string | null;
  tla?: string | null;
}

export interface FdMatch {
  id: number;
  utcDate: string;
  status:
    | 'SCHEDULED'
    | 'TIMED'
    | 'IN_PLAY'
    | 'PAUSED'
    | 'EXTRA_TIME'
    | 'PENALTY_SHOOTOUT'
    | 'FINISHED'
    | 'POSTPONED'
    | 'SUSPENDED'
    | 'CANCELLED'
    | 'AWARDED';
  minute?: number | string | null;
  competition?: { id: number; name: string; code?: string } | null;
  homeTeam: FdTeam;
  awayTeam: FdTeam;
  score: {
    fullTime: { home: number | null; away: number | null };
    halfTime: { home: number | null; away: number | null };
  };
}

const HOME_ADVANTAGE = 0.35;
const teamName = (t: FdTeam) => t.shortName || t.name;
const day = (d: Date) => d.toISOString().slice(0, 10);

export function fixtureOf(m: FdMatch): FeedFixture {
  return {
    externalId: String(m.id),
    sport: 'football',
    competition: m.competition?.name ?? 'Football',
    home: teamName(m.homeTeam),
    away: teamName(m.awayTeam),
    startsAt: new Date(m.utcDate),
    strength: HOME_ADVANTAGE,
  };
}

export function updateOf(m: FdMatch, now: Date): FeedUpdate {
  // An awarded score was decided off the pitch: kept as the state, an abandoned match's void would settle the
  // markets it seems to decide (sports.void.ts), so the state says nothing was played.
  const awarded = m.status === 'AWARDED';
  const score = awarded
    ? { home: 0, away: 0 }
    : { home: m.score.fullTime.home ?? 0, away: m.score.fullTime.away ?? 0 };
  const half =
    awarded || m.score.halfTime.home === null || m.score.halfTime.away === null
      ? null
      : { home: m.score.halfTime.home, away: m.score.halfTime.away };
  const since = Math.max(0, (now.getTime() - new Date(m.utcDate).getTime()) / 60_000);
  const reported = m.minute === null || m.minute === undefined ? NaN : parseInt(String(m.minute), 10);
  let clock: number = MatchTime.NOT_OPEN;
  let minute = 0;
  switch (m.status) {
    case 'IN_PLAY':
      minute = Number.isFinite(reported) ? reported : since < 47 ? since : Math.min(90, since - 15);
      clock = minute <= 45 && !half ? MatchTime.FIRST_HALF : MatchTime.SECOND_HALF;
      break;
    case 'PAUSED':
      minute = 45;
      clock = MatchTime.HALF_TIME;
      break;
    case 'EXTRA_TIME':
      minute = 90;
      clock = MatchTime.OVERTIME;
      break;
    case 'PENALTY_SHOOTOUT':
      minute = 90;
      clock = MatchTime.PENALTY;
      break;
    case 'FINISHED':
      minute = 90;
      clock = MatchTime.FINISHED;
      break;
    case 'POSTPONED':
      clock = MatchTime.POSTPONED;
      break;
    case 'SUSPENDED':
      clock = MatchTime.INTERRUPTED;
      break;
    case 'CANCELLED':
    case 'AWARDED':
      clock = MatchTime.CANCELLED;
      break;
  }
  minute = Math.min(90, Math.max(0, minute));
  const state: LiveState = {
    ...PREMATCH,
    minute,
    progress: minute / 90,
    score,
    halfTime:
      clock === MatchTime.HALF_TIME || clock >= MatchTime.SECOND_HALF || clock === MatchTime.FINISHED
        ? half
        : null,
  };
  return {
    externalId: String(m.id),
    clock,
    state,
    dangerous: false,
    result:
      m.status === 'FINISHED'
        ? {
            home: score.home,
            away: score.away,
            ...(half ? { halfTimeHome: half.home, halfTimeAway: half.away } : {}),
          }
        : null,
  };
}

export function createFootballDataFeed(deps: { token: string; fetch?: Fetch; api?: string }): SportsFeed {
  const http = deps.fetch ?? ((url, init) => fetch(url, init));
  const api = deps.api ?? FOOTBALL_DATA_API;

  async function matches(query: string): Promise<FdMatch[]> {
    const res = await http(`${api}/matches?${query}`, { headers: { 'X-Auth-Token': deps.token } });
    if (!res.ok) throw new Error(`football-data.org answered ${res.status}`);
    const body = (await res.json()) as { matches?: FdMatch[] };
    return body.matches ?? [];
  }

  return {
    name: 'football-data',
    async fixtures(now) {
      const to = new Date(now.getTime() + 7 * 86_400_000);
      const list = await matches(`dateFrom=${day(now)}&dateTo=${day(to)}`);
      return list.filter((m) => m.status === 'SCHEDULED' || m.status === 'TIMED').map(fixtureOf);
    },
    async updates(events, now) {
      const out: FeedUpdate[] = [];
      // The API takes a list of ids; ask in pages to keep the URL short.
      for (let i = 0; i < events.length; i += 50) {
        const ids = events.slice(i, i + 50).map((e) => e.externalId);
        for (const m of await matches(`ids=${ids.join(',')}`)) out.push(updateOf(m, now));
      }
      return out;
    },
  };
}
