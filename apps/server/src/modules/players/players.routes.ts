import {
  envelope,
  idParams,
  playerBetsAnswer,
  playerBetsQuery,
  playerBlockRequest,
  playerDetail,
  playerLedgerAnswer,
  playerLedgerQuery,
  playerNote,
  playerNoteRequest,
  playersAnswer,
  playersQuery,
  playerSignoutAnswer,
  playerTestRequest,
  playerUnblockRequest,
  playerWriteAnswer,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { Writer } from './players.service';

const tags = ['operator'];
const read = { permission: 'players.read' } as const;
const write = { permission: 'players.write' } as const;
const target = (id: number) => `player:${id}`;
const writer = (req: FastifyRequest): Writer => ({ id: req.operator!.id, email: req.operator!.email });

/** Thin routes of the back office's players: search, profile, history, and the operators' writes. */
export async function playersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { players } = app;

  r.get(
    '/api/operator/players',
    { config: read, schema: { tags, querystring: playersQuery, response: { 200: envelope(playersAnswer) } } },
    async (req) => ok(req, await players.search(req.query)),
  );

  r.get(
    '/api/operator/players/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: envelope(playerDetail) } } },
    async (req) => {
      req.audit({ target: target(req.params.id) });
      return ok(req, await players.detail(req.params.id));
    },
  );

  r.get(
    '/api/operator/players/:id/ledger',
    {
      config: read,
      schema: {
        tags,
        params: idParams,
        querystring: playerLedgerQuery,
        response: { 200: envelope(playerLedgerAnswer) },
      },
    },
    async (req) => ok(req, await players.ledger(req.params.id, req.query)),
  );

  r.get(
    '/api/operator/players/:id/bets',
    {
      config: read,
      schema: {
        tags,
        params: idParams,
        querystring: playerBetsQuery,
        response: { 200: envelope(playerBetsAnswer) },
      },
    },
    async (req) => ok(req, await players.bets(req.params.id, req.query)),
  );

  r.post(
    '/api/operator/players/:id/block',
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        body: playerBlockRequest,
        response: { 200: envelope(playerWriteAnswer) },
      },
    },
    async (req) => {
      req.audit({ target: target(req.params.id) });
      const { before, after } = await players.block(req.params.id, req.body, writer(req));
      req.audit({
        before: { status: before.status, version: before.version },
        after: { status: after.status, reason: after.blockReason, version: after.version },
      });
      return ok(req, after);
    },
  );

  r.post(
    '/api/operator/players/:id/unblock',
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        body: playerUnblockRequest,
        response: { 200: envelope(playerWriteAnswer) },
      },
    },
    async (req) => {
      req.audit({ target: target(req.params.id) });
      const { before, after } = await players.unblock(req.params.id, req.body);
      req.audit({
        before: { status: before.status, reason: before.blockReason, version: before.version },
        after: { status: after.status, version: after.version },
      });
      return ok(req, after);
    },
  );

  r.post(
    '/api/operator/players/:id/test',
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        body: playerTestRequest,
        response: { 200: envelope(playerWriteAnswer) },
      },
    },
    async (req) => {
      req.audit({ target: target(req.params.id) });
      const { before, after } = await players.setTest(req.params.id, req.body);
      req.audit({
        before: { test: before.test, version: before.version },
        after: { test: after.test, version: after.version },
      });
      return ok(req, after);
    },
  );

  r.post(
    '/api/operator/players/:id/signout',
    { config: write, schema: { tags, params: idParams, response: { 200: envelope(playerSignoutAnswer) } } },
    async (req) => {
      req.audit({ target: target(req.params.id) });
      const sessionsRevoked = await players.signOut(req.params.id);
      req.audit({ after: { sessionsRevoked } });
      return ok(req, { sessionsRevoked });
    },
  );

  r.post(
    '/api/operator/players/:id/notes',
    {
      config: write,
      schema: { tags, params: idParams, body: playerNoteRequest, response: { 200: envelope(playerNote) } },
    },
    async (req) => {
      req.audit({ target: target(req.params.id) });
      const note = await players.addNote(req.params.id, req.body.text, writer(req));
      req.audit({ after: { noteId: note.id, text: note.text } });
      return ok(req, note);
    },
  );
}
