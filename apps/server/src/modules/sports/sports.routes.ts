import {
  autoCashoutAnswer,
  autoCashoutRequest,
  betIdParam,
  builderPriceAnswer,
  builderPriceRequest,
  cashoutAnswer,
  cashoutQuote,
  sportsCashoutRequest,
  liabilityAnswer,
  liabilityQuery,
  stakeFactorAnswer,
  stakeFactorRequest,
  userIdParam,
  createEventRequest,
  envelope,
  eventIdParam,
  eventResultAnswer,
  eventResultPost,
  eventsQuery,
  operatorEventsAnswer,
  operatorEventsQuery,
  marketActionParams,
  marketIdParam,
  priceOverrideRequest,
  tradingEvent,
  tradingMarket,
  myBetsQuery,
  placeBetAnswer,
  placeBetRequest,
  sportsBet,
  sportsConfig,
  sportsEventDetail,
  sportsEventList,
  sportsList,
  sportsMarket,
  SPORTS_OPERATOR_PATH,
  SPORTS_PATH,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { AuthUser } from '../accounts';

/** Thin routes: schema in, the sports service, schema out (contracts/sports.ts is the contract). */
export async function sportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sports } = app;
  const { authenticate } = app.accounts;
  const user = (req: FastifyRequest) => req.user as AuthUser;
  const tags = ['sports'];
  const security = [{ bearer: [] }];

  r.get(`${SPORTS_PATH}/sports`, { schema: { tags, response: { 200: envelope(sportsList) } } }, async (req) =>
    ok(req, await sports.sports()),
  );

  r.get(
    `${SPORTS_PATH}/config`,
    { schema: { tags, response: { 200: envelope(sportsConfig) } } },
    async (req) => ok(req, await sports.config()),
  );

  r.get(
    `${SPORTS_PATH}/events`,
    { schema: { tags, querystring: eventsQuery, response: { 200: envelope(sportsEventList) } } },
    async (req) => ok(req, await sports.events(req.query)),
  );

  r.get(
    `${SPORTS_PATH}/events/:eventId`,
    { schema: { tags, params: eventIdParam, response: { 200: envelope(sportsEventDetail) } } },
    async (req) => ok(req, await sports.eventDetail(req.params.eventId)),
  );

  r.post(
    `${SPORTS_PATH}/bets`,
    {
      preHandler: authenticate,
      schema: { tags, security, body: placeBetRequest, response: { 200: envelope(placeBetAnswer) } },
    },
    async (req) => ok(req, await sports.placeBet(user(req), req.body, idempotencyKeyOf(req))),
  );

  r.get(
    `${SPORTS_PATH}/bets`,
    {
      onRequest: authenticate,
      schema: { tags, security, querystring: myBetsQuery, response: { 200: envelope(z.array(sportsBet)) } },
    },
    async (req) => ok(req, await sports.myBets(user(req).id, req.query)),
  );

  r.get(
    `${SPORTS_PATH}/bets/:betId`,
    {
      onRequest: authenticate,
      schema: { tags, security, params: betIdParam, response: { 200: envelope(sportsBet) } },
    },
    async (req) => ok(req, await sports.bet(user(req).id, req.params.betId)),
  );

  r.get(
    `${SPORTS_PATH}/bets/:betId/cashout`,
    {
      onRequest: authenticate,
      schema: { tags, security, params: betIdParam, response: { 200: envelope(cashoutQuote) } },
    },
    async (req) => ok(req, await sports.cashoutValue(user(req).id, req.params.betId)),
  );

  r.post(
    `${SPORTS_PATH}/bets/:betId/cashout`,
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        params: betIdParam,
        body: sportsCashoutRequest,
        response: { 200: envelope(cashoutAnswer) },
      },
    },
    async (req) =>
      ok(req, await sports.cashOut(user(req).id, req.params.betId, req.body, idempotencyKeyOf(req))),
  );

  r.put(
    `${SPORTS_PATH}/bets/:betId/autoCashout`,
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        params: betIdParam,
        body: autoCashoutRequest,
        response: { 200: envelope(autoCashoutAnswer) },
      },
    },
    async (req) => ok(req, await sports.setAutoCashout(user(req).id, req.params.betId, req.body.value)),
  );

  r.post(
    `${SPORTS_PATH}/builder/price`,
    { schema: { tags, body: builderPriceRequest, response: { 200: envelope(builderPriceAnswer) } } },
    async (req) => ok(req, await sports.builderPrice(req.body.selections)),
  );

  const operator = ['operator'];

  r.get(
    `${SPORTS_OPERATOR_PATH}/liability`,
    {
      config: { permission: 'sports.trade' },
      schema: { tags: operator, querystring: liabilityQuery, response: { 200: envelope(liabilityAnswer) } },
    },
    async (req) => ok(req, await sports.liability(req.query.eventId)),
  );

  r.put(
    `${SPORTS_OPERATOR_PATH}/players/:userId/stakeFactor`,
    {
      config: { permission: 'sports.trade' },
      schema: {
        tags: operator,
        params: userIdParam,
        body: stakeFactorRequest,
        response: { 200: envelope(stakeFactorAnswer) },
      },
    },
    async (req) => {
      const actor = req.operator?.email ?? req.operator?.id ?? 'operator';
      const { before, after } = await sports.setStakeFactor(
        req.params.userId,
        req.body.factor,
        req.body.note,
        String(actor),
      );
      req.audit({
        target: `player:${req.params.userId}`,
        before: { stakeFactor: before },
        after: { stakeFactor: after },
      });
      return ok(req, { userId: req.params.userId, factor: after });
    },
  );

  r.post(
    `${SPORTS_OPERATOR_PATH}/events`,
    {
      config: { permission: 'sports.trade' },
      schema: { tags: operator, body: createEventRequest, response: { 200: envelope(sportsEventDetail) } },
    },
    async (req) => {
      const detail = await sports.createEvent(req.body);
      req.audit({ target: `sports-event:${detail.event.eventId}`, after: req.body });
      return ok(req, detail);
    },
  );

  r.post(
    `${SPORTS_OPERATOR_PATH}/events/:eventId/result`,
    {
      config: { permission: 'sports.trade' },
      schema: {
        tags: operator,
        params: eventIdParam,
        body: eventResultPost,
        response: { 200: envelope(eventResultAnswer) },
      },
    },
    async (req) => {
      const answer = await sports.postResult(req.params.eventId, req.body);
      req.audit({
        target: `sports-event:${req.params.eventId}`,
        after: { ...req.body, resultVersion: answer.resultVersion },
      });
      return ok(req, answer);
    },
  );

  r.get(
    `${SPORTS_OPERATOR_PATH}/events`,
    {
      config: { permission: 'sports.trade' },
      schema: {
        tags: operator,
        querystring: operatorEventsQuery,
        response: { 200: envelope(operatorEventsAnswer) },
      },
    },
    async (req) => ok(req, await sports.tradingEvents(req.query)),
  );

  r.get(
    `${SPORTS_OPERATOR_PATH}/events/:eventId/trading`,
    {
      config: { permission: 'sports.trade' },
      schema: { tags: operator, params: eventIdParam, response: { 200: envelope(tradingEvent) } },
    },
    async (req) => ok(req, await sports.tradingView(req.params.eventId)),
  );

  r.post(
    `${SPORTS_OPERATOR_PATH}/markets/:marketId/prices`,
    {
      config: { permission: 'sports.trade' },
      schema: {
        tags: operator,
        params: marketIdParam,
        body: priceOverrideRequest,
        response: { 200: envelope(tradingMarket) },
      },
    },
    async (req) => {
      const { market, before, after } = await sports.setPrices(req.params.marketId, req.body);
      req.audit({ target: `sports-market:${market.marketId}`, before, after });
      return ok(req, market);
    },
  );

  r.delete(
    `${SPORTS_OPERATOR_PATH}/markets/:marketId/prices`,
    {
      config: { permission: 'sports.trade' },
      schema: { tags: operator, params: marketIdParam, response: { 200: envelope(tradingMarket) } },
    },
    async (req) => {
      const { market, before, after } = await sports.clearPrices(req.params.marketId);
      req.audit({ target: `sports-market:${market.marketId}`, before, after });
      return ok(req, market);
    },
  );

  r.post(
    `${SPORTS_OPERATOR_PATH}/markets/:marketId/:action`,
    {
      config: { permission: 'sports.trade' },
      schema: { tags: operator, params: marketActionParams, response: { 200: envelope(sportsMarket) } },
    },
    async (req) => {
      const { market, before } = await sports.marketAction(req.params.marketId, req.params.action);
      req.audit({
        target: `sports-market:${market.marketId}`,
        before: { status: before },
        after: { status: market.status },
      });
      return ok(req, market);
    },
  );
}
