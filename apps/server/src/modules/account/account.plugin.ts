import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDataContext } from '../../db/database.js';
import { perAccount, type RateLimits } from '../../platform/http/rate-limits.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import type { SecurityLogWriter } from '../../platform/security-log/security-log-writer.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';
import type { UserManager } from '../identity/identity.service.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';
import { createPasswordPolicy } from './password-policy.js';
import { createPasswordResetService } from './password-reset.service.js';
import type { PasswordResetMailer } from './password-reset-mailer.js';
import { createPasswordResetTokens, passwordResetSecretFrom } from './password-reset-token.js';
import { profileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

interface AccountPluginOptions {
  data: AppDataContext;
  users: UserManager;
  hasher: PasswordHasher;
  settings: SettingManager;
  securityLog: SecurityLogWriter;
  mailer: PasswordResetMailer;
  rateLimits: RateLimits;
  perIpPerMinute: number;
  appUrl: string;
  tenantKey: string;
  encryptionKey: string;
  resetTokenLifetimeSeconds: number;
  /** The sign-in server's: end every token of a user, and drop its cached claims. */
  revokeAllOf(userId: string): Promise<void>;
  /** The sign-in server's: end every session and token of a user but the request's own. */
  signOutElsewhere(userId: string, request: { headers: IncomingHttpHeaders }): Promise<void>;
  accountChanged(userId: string): Promise<void>;
}

/** ABP's account module: registration, password reset and the user's own profile. */
export const accountPlugin: FastifyPluginAsync<AccountPluginOptions> = async (app, options) => {
  const passwordPolicy = createPasswordPolicy(options.settings);
  const common = { data: options.data, users: options.users, hasher: options.hasher };
  const account = createAccountService({
    ...common,
    settings: options.settings,
    passwordPolicy,
  });
  const passwordReset = createPasswordResetService({
    ...common,
    passwordPolicy,
    tokens: createPasswordResetTokens({
      secret: passwordResetSecretFrom(options.encryptionKey),
      lifetimeSeconds: options.resetTokenLifetimeSeconds,
    }),
    mailer: options.mailer,
    securityLog: options.securityLog,
    revokeAllOf: options.revokeAllOf,
    appUrl: options.appUrl,
    tenantKey: options.tenantKey,
    tokenLifetimeSeconds: options.resetTokenLifetimeSeconds,
  });
  const profile = createProfileService({
    ...common,
    settings: options.settings,
    passwordPolicy,
    securityLog: options.securityLog,
    accountChanged: options.accountChanged,
    signOutElsewhere: options.signOutElsewhere,
  });
  const routeLimit = options.rateLimits.routeLimit(options.perIpPerMinute);
  await app.register(accountRoutes, {
    account,
    passwordReset,
    // A handful of reset mails per address and minute is plenty; more would be mail-bombing.
    allowResetCode: perAccount(options.rateLimits.keyed('reset-code-email', 5)),
    routeLimit,
  });
  await app.register(profileRoutes, { profile, routeLimit });
};
