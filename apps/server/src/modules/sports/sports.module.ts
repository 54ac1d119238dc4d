import { defineModule } from '../../platform/module';
import { betGamesById } from '../wallet';
import { cashedOut, contribution } from './sports.cashout';
import { registerSportsEvents } from './sports.events';
import { createFootballDataFeed } from './feeds/football-data';
import { createSandboxFeed } from './feeds/sandbox';
import { createFeedRunner, type FeedRunner } from './sports.feed';
import { sportsRoutes } from './sports.routes';
import { createSportsService, SETTLE_JOB, type SportsService } from './sports.service';
import { sportsBets } from './sports.tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sportsbook: catalogue, prices, bets as ledger holds (product `sports`), settlement. */
    sports: SportsService & { feed: FeedRunner | null };
  }
}

/**
 * The sportsbook. Bets are ledger holds with product `sports` (house account `house.sports`); an event's
 * bets are settled by the job `sports.settleEvent`, queued by each result (or void), on one node; events not
 * played are voided by the job `sports.voidEvents`.
 */
export const sportsModule = defineModule(
  'sports',
  ['operators', 'settings', 'ledger', 'accounts', 'wagering', 'rg', 'wallet'],
  async (app) => {
    const { database, settings, bus, outbox, jobs, log, config } = app;
    // Bonus wear (the wagering module's engine): a bet counts at its price or more, a cashed-out stake not at all
    // (asked of a relay batch's stakes at once, for the players with no bonus to wear).
    app.wagering.contribution('sports', contribution, cashedOut);
    const sports = createSportsService({ database, settings, bus, outbox, jobs, log });
    registerSportsEvents(outbox, bus);
    // The records screen says each stake's kind of bet (holds referenced `sports-bet:<bet id>`).
    app.wallet.hooks.betGames.push(
      betGamesById('sports', 'sports-bet:', 'sports', sportsBets.id, sportsBets.kind),
    );
    // The feed, stepped by a job on one node: the sandbox (simulated fixtures and matches) only in sandbox
    // mode, or football-data.org with its token.
    const { feed: kind, footballDataToken } = config.sports;
    const source =
      kind === 'sandbox' && config.sandbox
        ? createSandboxFeed({ speed: config.sports.feedSpeed, stepSeconds: config.sports.feedSeconds })
        : kind === 'football-data' && footballDataToken
          ? createFootballDataFeed({ token: footballDataToken })
          : null;
    const feed = source ? createFeedRunner({ database, sports, log, feed: source }) : null;
    app.decorate('sports', { ...sports, feed });
    if (feed)
      jobs.every('sports.feed', config.sports.feedSeconds, async () => {
        await feed.step();
      });
    jobs.work<{ eventId: string }>(SETTLE_JOB, async ({ eventId }) => {
      await sports.settleEvent(eventId);
    });
    // Events not played (cancelled; postponed past `sports.postponedVoidHours`) voided, their bets settled by
    // the job above.
    jobs.every('sports.voidEvents', 30, async () => {
      await sports.voidDue();
    });
    await app.register(sportsRoutes);
  },
);
