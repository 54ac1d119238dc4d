import {
  ACCEPT_TERMS_PATH,
  acceptTermsRequest,
  captchaCodeId,
  changePasswordRequest,
  checkEmailAnswer,
  checkEmailRequest,
  envelope,
  loginLinkAnswer,
  loginLinkRedeemRequest,
  loginRequest,
  registerRequest,
  sendEmailRequest,
  setHeaderParams,
  setPwdRequest,
  tokenAnswer,
  updateKycRequest,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, textAnswer } from '../../platform/http';
import type { AuthUser, SessionClient } from './accounts.service';

const noData = { 200: envelope(z.null()) };
/** The address and browser a sign-in comes from (kept on the session for the back office). */
const clientOf = (req: FastifyRequest): SessionClient => ({
  ip: req.ip,
  device: req.headers['user-agent'] || undefined,
});
const answer = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

/** Identity checks (updateKyc) per session per hour. */
export const KYC_PER_HOUR = 10;

/** Thin routes: schema in, the accounts service, schema out. A player's money figures are the wallet's routes. */
export async function accountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, config } = app;
  const { authenticate } = accounts;
  /** Per-IP limit of the calls that guess secrets (passwords, codes, links). */
  const perIp = { rateLimit: { max: config.auth.loginPerIpPerMinute, timeWindow: '1 minute' } };
  const auth = { onRequest: authenticate, schema: { tags: ['user'], security: [{ bearer: [] }] } };
  const me = (req: FastifyRequest) => req.user as AuthUser;

  r.get(
    '/api/auth/user/captcha/:codeId',
    {
      schema: {
        tags: ['auth'],
        params: z.strictObject({ codeId: captchaCodeId }),
        response: textAnswer('image/svg+xml', 'The captcha image'),
      },
    },
    async (req, reply) =>
      reply
        .type('image/svg+xml')
        .header('Cache-Control', 'no-store')
        .send(await accounts.captcha(req.params.codeId)),
  );

  r.post(
    '/api/auth/user/restRegister',
    { schema: { tags: ['auth'], body: registerRequest, response: answer(tokenAnswer) } },
    async (req) => ok(req, { access_token: await accounts.register(req.body, clientOf(req)) }),
  );

  r.post(
    '/api/auth/user/restLogin',
    { config: perIp, schema: { tags: ['auth'], body: loginRequest, response: answer(tokenAnswer) } },
    async (req) =>
      ok(req, {
        access_token: await accounts.login({ ...req.body, source: req.ip, device: clientOf(req).device }),
      }),
  );

  r.post('/api/auth/user/logout', { ...auth, schema: { ...auth.schema, response: noData } }, async (req) => {
    await accounts.logout(me(req));
    return ok(req, null, 'loggedOut');
  });

  r.post(
    '/api/auth/user/loginLink',
    { ...auth, schema: { ...auth.schema, response: answer(loginLinkAnswer) } },
    async (req) => ok(req, await accounts.createLoginLink(me(req))),
  );

  r.post(
    '/api/auth/user/zgo',
    {
      config: perIp,
      schema: { tags: ['auth'], body: loginLinkRedeemRequest, response: answer(tokenAnswer) },
    },
    async (req) => ok(req, { access_token: await accounts.redeemLoginLink(req.body.token, clientOf(req)) }),
  );

  r.post(
    '/api/app/user/changePwd',
    { ...auth, config: perIp, schema: { ...auth.schema, body: changePasswordRequest, response: noData } },
    async (req) => {
      await accounts.changePassword(me(req).id, req.body.oldPwd, req.body.nPwd, req.ip);
      return ok(req, null, 'passwordChanged');
    },
  );

  r.get(
    '/api/app/user/setHeader/:index',
    { ...auth, schema: { ...auth.schema, params: setHeaderParams, response: noData } },
    async (req) => {
      await accounts.setHeader(me(req).id, req.params.index);
      return ok(req, null, 'avatarSaved');
    },
  );

  r.post(
    ACCEPT_TERMS_PATH,
    { ...auth, schema: { ...auth.schema, body: acceptTermsRequest, response: noData } },
    async (req) => {
      await accounts.acceptTerms(me(req).id, req.body.termsVersion);
      return ok(req, null);
    },
  );

  r.post(
    '/api/app/user/updateKyc',
    {
      ...auth,
      // Under br each call is a paid identity lookup whose answer says which field did not match: a few tries
      // an hour per player leave room for typos, not for guessing or running up the bill.
      config: {
        rateLimit: {
          max: KYC_PER_HOUR,
          timeWindow: '1 hour',
          // The player (`authenticate` runs first): not the Authorization header, which one token can spell
          // in endless ways ("Bearer", "bearer", bare, extra spaces), nor the session, of which a login link
          // makes a new one without a captcha.
          keyGenerator: (req: FastifyRequest) => (req.user ? `kyc:u${req.user.id}` : `kyc:${req.ip}`),
        },
      },
      schema: { ...auth.schema, body: updateKycRequest, response: noData },
    },
    async (req) => {
      await accounts.updateKyc(me(req).id, req.body.name, req.body.cardNo);
      return ok(req, null, 'kycDone');
    },
  );

  r.post(
    '/api/app/main/RESETPWD/sendEmail',
    { config: perIp, schema: { tags: ['auth'], body: sendEmailRequest, response: noData } },
    async (req) => {
      await accounts.sendResetCode(req.body.email, req.lang);
      return ok(req, null, 'resetMailSent');
    },
  );

  r.post(
    '/api/app/main/RESETPWD/checkEmail',
    {
      config: perIp,
      schema: { tags: ['auth'], body: checkEmailRequest, response: answer(checkEmailAnswer) },
    },
    async (req) => ok(req, { chkId: await accounts.checkResetCode(req.body.email, req.body.code) }),
  );

  r.post(
    '/api/app/main/setPwd',
    { config: perIp, schema: { tags: ['auth'], body: setPwdRequest, response: noData } },
    async (req) => {
      await accounts.resetPassword(req.body.chkId, req.body.nPwd);
      return ok(req, null, 'passwordResetDone');
    },
  );
}
