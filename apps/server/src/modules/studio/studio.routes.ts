import {
  envelope,
  studioRotateAnswer,
  studioRotateRequest,
  studioRound,
  studioRoundsQuery,
  studioSession,
  studioSessionId,
  studioSessionRequest,
  studioSpin,
  studioSpinRequest,
  STUDIO_PATH,
  OPERATOR_CASINO_PATH,
} from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { isDemoSession } from './studio.service';

/** The studio's game-client API (its own session, no platform sign-in) and the operator's recall. */
export async function studioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { studio } = app;
  const tags = ['studio'];
  const session = z.object({ session: studioSessionId });

  r.post(
    `${STUDIO_PATH}/session`,
    { schema: { tags, body: studioSessionRequest, response: { 200: envelope(studioSession) } } },
    async (req) => ok(req, await studio.open(req.body)),
  );

  r.post(
    `${STUDIO_PATH}/spin`,
    {
      config: {
        rateLimit: {
          // A real-money spin is bounded by the wallet's own guards (the player's money): the per-address limit
          // would stop auto spin and turbo behind a carrier's shared address. A demo spin costs its sender
          // nothing and stores a round, so it is counted per address like the rest of the API.
          hook: 'preHandler',
          allowList: (req) => !isDemoSession((req.body as { session?: unknown } | undefined)?.session),
        },
      },
      schema: { tags, body: studioSpinRequest, response: { 200: envelope(studioSpin) } },
    },
    async (req) => ok(req, await studio.spin(req.body)),
  );

  r.get(
    `${STUDIO_PATH}/rounds`,
    {
      schema: { tags, querystring: studioRoundsQuery, response: { 200: envelope(z.array(studioRound)) } },
    },
    async (req) => ok(req, await studio.rounds(req.query.session, req.query.before)),
  );

  r.get(
    `${STUDIO_PATH}/rounds/:roundId`,
    {
      schema: {
        tags,
        params: z.object({ roundId: z.string().max(20) }),
        querystring: session,
        response: { 200: envelope(studioRound) },
      },
    },
    async (req) => ok(req, await studio.round(req.params.roundId, req.query.session)),
  );

  r.post(
    `${STUDIO_PATH}/fairness/rotate`,
    { schema: { tags, body: studioRotateRequest, response: { 200: envelope(studioRotateAnswer) } } },
    async (req) => ok(req, await studio.rotate(req.body.session, req.body.clientSeed)),
  );

  r.get(
    `${OPERATOR_CASINO_PATH}/studio/rounds/:roundId`,
    {
      config: { permission: 'casino.read' },
      schema: {
        tags: ['operator'],
        params: z.object({ roundId: z.string().max(20) }),
        response: { 200: envelope(studioRound) },
      },
    },
    async (req) => {
      req.audit({ target: `studioRound:${req.params.roundId}` });
      return ok(req, await studio.round(req.params.roundId));
    },
  );
}
