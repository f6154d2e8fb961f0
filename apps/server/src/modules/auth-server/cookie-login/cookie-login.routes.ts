import {
  AbpLoginResult,
  LoginResultType,
  UserLoginInfo,
} from '@vineta/contracts/account/login-result';
import {
  AccountSettingNames,
  isEnabledUnlessFalse,
} from '@vineta/contracts/identity/identity-settings';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from '../../../platform/errors/business-error.js';
import type { AccountLimiter } from '../../../platform/http/rate-limits.js';
import { xsrfTokenInvalid } from '../../../platform/http/xsrf.js';
import {
  SecurityLogAction,
  SecurityLogIdentity,
  type SecurityLogWriter,
} from '../../../platform/security-log/security-log-writer.js';
import type { SettingManager } from '../../../platform/settings/setting-manager.js';
import { AccountErrors } from '../../account/account.errors.js';
import type { SignInResult, SignInService } from '../../account/sign-in.service.js';
import type { AuthServer } from '../auth-server.js';
import type { SetCookies } from './cookie-sessions.js';

/** ABP's `AbpLoginResult`: the outcome as a number, and its name as the description. */
const loginResult = (outcome: SignInResult['result']): AbpLoginResult => ({
  result: LoginResultType.enum[outcome],
  description: outcome,
});

const sendCookies = (reply: FastifyReply, cookies: SetCookies) => {
  for (const cookie of cookies) void reply.header('set-cookie', cookie);
};

/**
 * ABP's cookie-login API (`AccountController` of Volo.Abp.Account.Web, remote service
 * "AbpAccount"): `login` checks a password and begins the sign-in server's session, so the code
 * flow then needs no sign-in page; `check-password` only checks; `logout` ends the session and,
 * unlike ABP's, the tokens its clients were given. A failed check is an answer, not an error:
 * `result` tells which (2 wrong name or password, 3 not allowed, 4 locked out), as in ABP.
 */
export const cookieLoginRoutes: FastifyPluginAsyncZod<{
  authServer: AuthServer;
  signIn: SignInService;
  settings: SettingManager;
  securityLog: SecurityLogWriter;
  allowUserName: AccountLimiter;
  routeLimit: Record<string, unknown>;
}> = async (app, deps) => {
  const { authServer, signIn } = deps;
  const tags = ['Login'];
  const config = deps.routeLimit;

  async function check(request: FastifyRequest, login: UserLoginInfo, checkOnly: boolean) {
    const { userNameOrEmailAddress, password } = login;
    const tenant = request.currentTenant;
    const limit = await deps.allowUserName(tenant.id ?? null, userNameOrEmailAddress);
    if (!limit.allowed) throw new TooManyRequestsError(limit.retryAfterSeconds);
    return signIn.checkPassword({
      userNameOrEmailAddress,
      password,
      tenant: tenant.id ? { id: tenant.id, name: tenant.name ?? '' } : null,
      identity: SecurityLogIdentity.Identity,
      checkOnly,
      request: {
        clientIpAddress: request.ip,
        browserInfo: request.headers['user-agent'] ?? null,
        correlationId: request.id,
      },
    });
  }

  app.post(
    '/api/account/login',
    { schema: { tags, body: UserLoginInfo, response: { 200: AbpLoginResult } }, config },
    async (request, reply) => {
      if (
        !isEnabledUnlessFalse(await deps.settings.getOrNull(AccountSettingNames.EnableLocalLogin))
      )
        throw AccountErrors.localLoginDisabled();
      const outcome = await check(request, request.body, false);
      if (outcome.result === 'Success') {
        await authServer.accountSignedIn(outcome.user);
        const cookies = await authServer.sessions.signIn(request.raw, reply.raw, {
          accountId: outcome.user.id,
          remember: request.body.rememberMe,
        });
        sendCookies(reply, cookies);
      }
      return loginResult(outcome.result);
    },
  );

  // ABP's API description lists `check-password` (decision 017); its controller's source in some
  // versions routes `checkPassword`. Both are served.
  for (const path of ['/api/account/check-password', '/api/account/checkPassword']) {
    app.post(
      path,
      {
        schema: { tags, body: UserLoginInfo, response: { 200: AbpLoginResult } },
        config,
      },
      async (request) => loginResult((await check(request, request.body, true)).result),
    );
  }

  // A GET in ABP's contract, so no antiforgery header comes with it; a browser says where the
  // request came from, and another site's link or image must not sign anyone out.
  const fromThisSite = (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  };

  app.get('/api/account/logout', { schema: { tags }, config }, async (request, reply) => {
    if (!fromThisSite(request)) throw xsrfTokenInvalid();
    const { accountId, cookies } = await authServer.sessions.signOut(request.raw, reply.raw);
    sendCookies(reply, cookies);
    const account = accountId ? await authServer.accountOf(accountId) : undefined;
    if (account) {
      await deps.securityLog.write({
        identity: SecurityLogIdentity.Identity,
        action: SecurityLogAction.Logout,
        tenantId: account.tenantId,
        userId: account.id,
        userName: account.userName,
        clientIpAddress: request.ip,
        browserInfo: request.headers['user-agent'] ?? null,
        correlationId: request.id,
      });
    }
    return reply.status(204).send();
  });
};
