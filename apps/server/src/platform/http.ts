import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, isLanguageKey, type LanguageKey } from '@aposta/contracts';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../config';
import { AppError, badRequest } from './errors';
import { isMessageKey, languageOf, translate, type MessageKey } from './i18n';
import { batchedRedisStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyRequest {
    lang: LanguageKey;
  }
}

/** The directives of the app's Content-Security-Policy that modules add outside sources to. */
export const CSP_DIRECTIVES = ['script', 'style', 'img', 'connect', 'frame'] as const;
export type CspDirective = (typeof CSP_DIRECTIVES)[number];
export type CspSources = Partial<Record<CspDirective, string[]>>;

/** The app's Content-Security-Policy where modules add to it (built once per change, not per request). */
export interface ContentSecurity {
  /**
   * The outside sources `owner` needs, per directive, replacing all that `owner` set before (`{}` removes
   * them): the casino frames its providers' game servers, the support module loads a hosted chat. Each must
   * be a plain http(s) origin (`frameOriginOf`), a ws(s) origin, or every subdomain of a named domain
   * (`https://*.example.com`, as chat providers document theirs); anything else (keywords such as
   * `'unsafe-inline'`, bare schemes, `*`, paths) is dropped.
   */
  setSources(owner: string, sources: CspSources): void;
  /** Every outside source in one directive now. */
  sources(directive: CspDirective): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    csp: ContentSecurity;
  }
}

const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/;
/** A socket's origin, or all subdomains of a domain of at least two labels (never `*.com`). */
const SOCKET_ORIGIN = /^wss?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/;
const SUBDOMAINS = /^(?:https|wss):\/\/\*\.[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/** Whether a module's CSP source is one `setSources` keeps (see ContentSecurity). */
export function isCspSource(source: string): boolean {
  return frameOriginOf(source) === source || SOCKET_ORIGIN.test(source) || SUBDOMAINS.test(source);
}

/**
 * A URL's origin as a CSP source (`https://games.example.com`), or null when it is not a plain http(s) origin:
 * a wildcard host, credentials, or characters CSP would read as syntax are never let through. Letters, digits,
 * dots and hyphens only (internationalised names arrive as punycode), an optional port.
 */
export function frameOriginOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  return PLAIN_ORIGIN.test(parsed.origin) ? parsed.origin : null;
}

/** A success envelope. `key` is the message shown to the player (the spec shows some, e.g. setPwd). */
export function ok<T>(req: FastifyRequest, data: T, key: MessageKey = 'ok') {
  return { status: ErrorCode.OK, message: translate(req.lang, key), data };
}

/**
 * The response schema of a route that answers a page or an image instead of an envelope, so the OpenAPI
 * document describes that answer too (Fastify sends such string bodies as they are).
 */
export const textAnswer = (contentType: string, description: string) => ({
  200: { description, content: { [contentType]: { schema: z.string() } } },
});

/** A zod issue, or the route validator's form of one (fastify-type-provider-zod: `keyword`, `params.keys`). */
interface ZodIssueLike {
  code?: string;
  keyword?: string;
  message?: string;
  path?: PropertyKey[];
  keys?: string[];
  instancePath?: string;
  params?: { issue?: ZodIssueLike; keys?: string[] };
}

/** Unknown fields named in a refusal, at most. */
const MAX_FIELDS_NAMED = 5;

/** The first validation issue (fastify-type-provider-zod wraps zod's in `params.issue`). */
function issueOf(issues: ZodIssueLike[]): ZodIssueLike {
  const raw = issues[0] ?? {};
  return raw.params?.issue ?? raw;
}

/** Turns the first validation issue into a message in the request's language. */
function validationMessage(lang: LanguageKey, issues: ZodIssueLike[]): string {
  const raw = issues[0] ?? {};
  const issue = issueOf(issues);
  if ((issue.code ?? issue.keyword) === 'unrecognized_keys') {
    const keys = issue.keys ?? issue.params?.keys ?? [];
    // A few names are enough to find the mistake: a body of thousands of keys gets no answer as long.
    const shown = keys.slice(0, MAX_FIELDS_NAMED).join(', ') + (keys.length > MAX_FIELDS_NAMED ? ', …' : '');
    return translate(lang, 'unknownField', { field: shown });
  }
  const field = issue.path?.join('.') || raw.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'body';
  // A schema's own key (`fieldInvalid`, `periodReversed`…) still names the field it is about.
  if (issue.message && isMessageKey(issue.message)) return translate(lang, issue.message, { field });
  return translate(lang, 'fieldInvalid', { field });
}

function send(reply: FastifyReply, httpStatus: number, code: number, message: string, data: unknown = null) {
  return reply.status(httpStatus).send({ status: code, message, data });
}

/**
 * Errors Fastify raises before routing (a malformed URL, an over-long path parameter): the same envelope
 * as every other error instead of Fastify's own body, which echoes the path. Passed as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, ErrorCode.BAD_REQUEST, translate(languageOf(req.headers), 'badRequest'));
}

/**
 * Whether a parsed input holds U+0000 anywhere (keys too), looking a bounded depth down. A raw body (a Buffer:
 * the wallet API's, parsed by its route) is its parser's to check: walking it would visit every byte.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const k in value) {
    if (k.includes('\u0000') || hasNul((value as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}

export async function registerHttp(app: FastifyInstance, config: Config, redis: Redis | undefined) {
  // Fastify validates a missing body as `null`, which an optional body schema (`.optional()`, "takes no body")
  // refuses: a body validator reads null as no body.
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? undefined) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('lang', 'pt_BR');
  // A bodiless POST sent with `Content-Type: application/json` (many HTTP clients set it always) means "no
  // body", as without the header; anything else goes to Fastify's own parser (prototype-poisoning checks).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : json(req, body as string, done),
  );
  app.addHook('onRequest', async (req) => {
    req.lang = languageOf(req.headers);
  });
  // API answers carry tokens, balances and personal data: no browser or proxy may keep them. Set on every
  // answer under /api/, errors included (a route that sets its own Cache-Control keeps it).
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
  });
  // PostgreSQL text cannot hold U+0000 (PGlite can): refuse it at the edge, so both engines answer 400.
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) throw badRequest('badRequest');
  });

  app.setErrorHandler((error: unknown, req, reply) => {
    const lang = isLanguageKey(req.lang) ? req.lang : 'pt_BR';
    if (error instanceof AppError) {
      return send(reply, error.httpStatus, error.code, translate(lang, error.key, error.params), error.data);
    }
    const err = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      const issues = err.validation as ZodIssueLike[];
      // A path id no record can have (`/activities/abc`) is not found, as an unknown well-formed one is.
      if (err.validationContext === 'params' && issueOf(issues).message === 'notFound')
        return send(reply, 404, ErrorCode.NOT_FOUND, translate(lang, 'notFound'));
      return send(reply, 400, ErrorCode.BAD_REQUEST, validationMessage(lang, issues));
    }
    if (err.statusCode === 429) {
      return send(reply, 429, ErrorCode.RATE_LIMITED, translate(lang, 'rateLimited'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      const key: MessageKey =
        status === 413
          ? 'bodyTooLarge'
          : status === 415
            ? 'unsupportedMediaType'
            : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
              ? 'invalidJson'
              : status === 404
                ? 'notFound'
                : 'badRequest';
      return send(
        reply,
        status,
        status === 404 ? ErrorCode.NOT_FOUND : ErrorCode.BAD_REQUEST,
        translate(lang, key),
      );
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, ErrorCode.INTERNAL, translate(lang, 'internal'));
  });

  // Security headers: helmet's middleware is built once per change of the policy (the Fastify plugin built it
  // again for every request, parsing the CSP each time) and only sets its precomputed headers per request.
  const owners = new Map<string, CspSources>();
  const sources = (directive: CspDirective) =>
    [...new Set([...owners.values()].flatMap((o) => o[directive] ?? []))].sort();
  const build = () =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...sources('script')],
          styleSrc: ["'self'", "'unsafe-inline'", ...sources('style')],
          imgSrc: ["'self'", 'data:', 'blob:', ...sources('img')],
          connectSrc: ["'self'", 'ws:', 'wss:', ...sources('connect')],
          // Our own pages, the game servers of the casino's providers (/play frames their launch URL), and
          // what other modules add (a hosted chat's widget).
          frameSrc: ["'self'", ...sources('frame')],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The sandbox PIX page and game screens are framed by our own app.
      frameguard: { action: 'sameorigin' },
      crossOriginEmbedderPolicy: false,
    });
  let securityHeaders = build();
  app.decorate('csp', {
    setSources(owner: string, given: CspSources) {
      owners.set(
        owner,
        Object.fromEntries(CSP_DIRECTIVES.map((d) => [d, (given[d] ?? []).filter(isCspSource)] as const)),
      );
      securityHeaders = build();
    },
    sources,
  } satisfies ContentSecurity);
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(cors, {
    origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'zone',
      'lang',
      'curreny',
      'deviceId',
      'device-type',
      'Idempotency-Key',
    ],
  });
  await app.register(formbody);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(redis ? { store: batchedRedisStore(redis, `${config.redisPrefix}rl:`) } : {}),
    // The API is limited; the app's static files and health checks are not (a page load fetches dozens).
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (req, ctx) => {
      const e = new Error('rate limited') as FastifyError;
      e.statusCode = ctx.statusCode;
      return e;
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aposta API',
        version: '1.0.0',
        description: 'Every answer is an envelope { status, message, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The document lists every route, the operator's too: a map for attackers, so not served in production.
  if (!config.production) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** Files of the installable app that must never be served stale (see setHeaders below). */
const REVALIDATED = new Set(['sw.js', 'manifest.webmanifest', 'offline.html', 'offline.js']);

/** Where the back office is served (apps/backoffice, built with this base). */
export const BACKOFFICE_BASE = '/backoffice/';

/**
 * Serves the built player app and the back office (under /backoffice/), each with a single-page fallback;
 * hashed assets are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  const hasBackoffice = fs.existsSync(path.join(config.backofficeDist, 'index.html'));
  const immutableAssets = (reply: FastifyReply, filePath: string) => {
    if (filePath.includes(`${path.sep}assets${path.sep}`))
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; they are sent to clients that accept them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        immutableAssets(reply, filePath);
        if (REVALIDATED.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) {
          // The service worker, its offline page and the manifest: asked again on every check, so an
          // update reaches installed apps at their next start (browsers also skip the HTTP cache for sw.js).
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  if (hasBackoffice) {
    await app.register(fastifyStatic, {
      root: config.backofficeDist,
      prefix: BACKOFFICE_BASE,
      // reply.sendFile comes from the player app's registration when there is one (it takes a root).
      decorateReply: !hasWeb,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: immutableAssets,
    });
  }
  // The support console lived in the player app at this address until it moved into the back office.
  // A page's address, not an API call: kept out of the API description.
  app.get('/operator/support', { schema: { hide: true } }, (_req, reply) =>
    reply.redirect(`${BACKOFFICE_BASE}support`, 301),
  );
  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0]!;
    const isPage =
      req.method === 'GET' &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/sandbox/') &&
      !/\.\w+$/.test(urlPath);
    const backoffice = urlPath === '/backoffice' || urlPath.startsWith(BACKOFFICE_BASE);
    if (isPage && backoffice && hasBackoffice) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile('index.html', config.backofficeDist);
    }
    if (hasWeb && isPage && !backoffice) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    // A file a build wrote after this process started (a rebuild under a running server, another node's
    // build of the same checkout): the static routes know only the files there at boot, while index.html is
    // read fresh and names the new assets, so without this the app came up blank until a restart.
    const root = backoffice ? config.backofficeDist : config.webDist;
    const rel = backoffice ? urlPath.slice(BACKOFFICE_BASE.length) : urlPath.slice(1);
    const file = path.resolve(root, rel);
    if (
      req.method === 'GET' &&
      (backoffice ? hasBackoffice : hasWeb) &&
      /\.\w+$/.test(urlPath) &&
      !req.url.startsWith('/api/') &&
      file.startsWith(root + path.sep) &&
      fs.existsSync(file)
    ) {
      return reply.sendFile(rel, root);
    }
    return send(reply, 404, ErrorCode.NOT_FOUND, translate(req.lang, 'notFound'));
  });
}
