import type { SportCode } from '@aposta/contracts';
import type { LiveState } from '../pricing';
import type { EventResult } from '../sports.settlement';

/**
 * A sports feed behind one interface (architecture guide: outside parties behind adapters): the fixtures it
 * knows, and for events of its own the state of play now. The sandbox simulates both; a real adapter maps a
 * public API's shapes (football-data.org, The Odds API) to these.
 */
export interface FeedFixture {
  /** The event's id at the feed. */
  externalId: string;
  sport: SportCode;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  /** The home side's superiority the event is priced with (0 = even). */
  strength: number;
}

export interface FeedUpdate {
  externalId: string;
  /** The spec's match time code. */
  clock: number;
  state: LiveState;
  /** A dangerous moment (goal, red card, penalty) just happened: markets suspend until the next update. */
  dangerous: boolean;
  /** Set once the event is over: it is resulted and its bets settled. */
  result: EventResult | null;
}

export interface SportsFeed {
  readonly name: string;
  /** Fixtures to have in the catalogue around `now`. */
  fixtures(now: Date): Promise<FeedFixture[]>;
  /** The state of play now of the feed's events that have started (or are due). */
  updates(events: { externalId: string; startsAt: Date }[], now: Date): Promise<FeedUpdate[]>;
}
