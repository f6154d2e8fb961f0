import { LoginResultType } from '@vineta/contracts/account/login-result';
import {
  AccountSettingNames,
  isEnabledUnlessFalse,
} from '@vineta/contracts/identity/identity-settings';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import { TooManyRequestsError } from '../../../platform/errors/business-error.js';
import type { AccountLimiter } from '../../../platform/http/rate-limits.js';
import { SecurityLogIdentity } from '../../../platform/security-log/security-log-writer.js';
import type { SettingManager } from '../../../platform/settings/setting-manager.js';
import { AccountErrors } from '../../account/account.errors.js';
import { type SignInService, signInFailureText } from '../../account/sign-in.service.js';
import { AuthServerErrors } from '../auth-server.errors.js';
import type { AuthServer } from '../auth-server.js';
import { FIRST_PARTY_CLIENTS } from '../provider/clients.js';

/** Where the web app renders the sign-in form for a code-flow interaction. */
const SIGN_IN_PAGE_PATH = '/account/login';

/** The error of an interaction that has expired or was never this browser's. */

/**
 * The authorization request that began an interaction, to begin it again once it has expired:
 * the client's own parameters (its state, nonce and PKCE challenge too), so the client, still
 * waiting for its callback, gets the answer it asked for. A path: the page stays on this origin.
 */
function restartUrlOf(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') query.set(name, value);
  }
  return `/connect/authorize?${query}`;
}

const UidParams = z.object({ uid: z.string().min(1).max(64) });

const LoginBody = z.object({
  username: z.string().min(1).max(255),
  password: z.string().min(1).max(128),
  rememberMe: z.boolean().optional(),
});

const loginResults = {
  InvalidUserNameOrPassword: LoginResultType.enum.InvalidUserNameOrPassword,
  NotAllowed: LoginResultType.enum.NotAllowed,
  LockedOut: LoginResultType.enum.LockedOut,
} as const;

/**
 * The code flow's interaction, as a JSON API for the web app's sign-in page. oidc-provider sends
 * the browser to `/interaction/<uid>`, which forwards it to the page
 * (`/account/login?interactionId=<uid>`); the page reads `/interaction/<uid>/details` and posts
 * `/interaction/<uid>/login`, then goes to the returned `redirectTo`. The interaction cookie is
 * scoped to `/interaction/<uid>`, which is why every call lives under that path.
 */
export const interactionRoutes: FastifyPluginAsyncZod<{
  authServer: AuthServer;
  signIn: SignInService;
  settings: SettingManager;
  allowUserName: AccountLimiter;
  routeLimit: Record<string, unknown>;
}> = async (app, { authServer, signIn, settings, allowUserName, routeLimit }) => {
  const tags = ['Interaction'];

  async function interactionOf(request: FastifyRequest, reply: FastifyReply, uid: string) {
    let interaction: Interaction;
    try {
      interaction = await authServer.provider.interactionDetails(request.raw, reply.raw);
    } catch {
      // Its cookie is gone (it lives as long as the interaction) or the record is: the page can
      // start the authorization again (`restartUrl`), as Keycloak restarts a timed-out login.
      throw AuthServerErrors.signInExpired();
    }
    if (interaction.uid !== uid) throw AccountErrors.invalidLoginRequest();
    return interaction;
  }

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<AuthServer['provider']['interactionResult']>[2],
  ) => ({
    redirectTo: await authServer.provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    }),
  });

  app.get('/interaction/:uid', { schema: { tags, params: UidParams } }, async (request, reply) =>
    reply.redirect(
      `${SIGN_IN_PAGE_PATH}?interactionId=${encodeURIComponent(request.params.uid)}`,
      303,
    ),
  );

  app.get(
    '/interaction/:uid/details',
    // The sign-in page's first read before it posts the credentials (xsrf.ts).
    { config: { issuesXsrfCookie: true }, schema: { tags, params: UidParams } },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply, request.params.uid);
      const params = interaction.params as Record<string, string | undefined>;
      const [localLogin, selfRegistration] = await Promise.all([
        settings.getOrNull(AccountSettingNames.EnableLocalLogin),
        settings.getOrNull(AccountSettingNames.IsSelfRegistrationEnabled),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        clientId: params.client_id ?? null,
        scope: params.scope ?? null,
        loginHint: params.login_hint ?? null,
        uiLocales: params.ui_locales ?? null,
        restartUrl: restartUrlOf(params),
        enableLocalLogin: isEnabledUnlessFalse(localLogin),
        isSelfRegistrationEnabled: isEnabledUnlessFalse(selfRegistration),
      };
    },
  );

  app.post(
    '/interaction/:uid/login',
    { schema: { tags, params: UidParams, body: LoginBody }, config: routeLimit },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply, request.params.uid);
      if (!isEnabledUnlessFalse(await settings.getOrNull(AccountSettingNames.EnableLocalLogin))) {
        throw AccountErrors.localLoginDisabled();
      }
      const { username, password, rememberMe } = request.body;
      const tenant = request.currentTenant;
      const limit = await allowUserName(tenant.id ?? null, username);
      if (!limit.allowed) throw new TooManyRequestsError(limit.retryAfterSeconds);
      const outcome = await signIn.checkPassword({
        userNameOrEmailAddress: username,
        password,
        tenant: tenant.id ? { id: tenant.id, name: tenant.name ?? '' } : null,
        identity: SecurityLogIdentity.Identity,
        request: {
          clientIpAddress: request.ip,
          browserInfo: request.headers['user-agent'] ?? null,
          correlationId: request.id,
          clientId: (interaction.params.client_id as string | undefined) ?? null,
        },
      });
      if (outcome.result !== 'Success') {
        const { key, data } = signInFailureText(outcome, request.culture);
        throw AccountErrors.signInFailed(key, { ...data, result: loginResults[outcome.result] });
      }
      await authServer.accountSignedIn(outcome.user);
      return finish(request, reply, {
        login: {
          accountId: outcome.user.id,
          // A persistent session cookie only when asked (remember me).
          remember: rememberMe === true,
          amr: ['pwd'],
          ts: Math.floor(Date.now() / 1000),
        },
      });
    },
  );

  /**
   * First-party clients get their grant from `loadExistingGrant` and never see consent; should
   * the prompt come up anyway, it is granted here. There is no consent screen for other clients.
   */
  app.post(
    '/interaction/:uid/consent',
    { schema: { tags, params: UidParams } },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply, request.params.uid);
      const accountId = interaction.session?.accountId;
      const clientId = interaction.params.client_id as string;
      if (
        interaction.prompt.name !== 'consent' ||
        !accountId ||
        !FIRST_PARTY_CLIENTS.has(clientId)
      ) {
        throw AccountErrors.invalidLoginRequest();
      }
      const { Grant } = authServer.provider;
      const grant =
        (interaction.grantId ? await Grant.find(interaction.grantId) : undefined) ??
        new Grant({ accountId, clientId });
      const details = interaction.prompt.details as { missingOIDCScope?: string[] };
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      return finish(request, reply, { consent: { grantId: await grant.save() } });
    },
  );

  app.post(
    '/interaction/:uid/abort',
    { schema: { tags, params: UidParams } },
    async (request, reply) => {
      await interactionOf(request, reply, request.params.uid);
      return finish(request, reply, {
        error: 'access_denied',
        error_description: 'End-User aborted interaction',
      });
    },
  );
};
