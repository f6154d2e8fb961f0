import type {
  ResetPasswordDto,
  SendPasswordResetCodeDto,
} from '@vineta/contracts/account/password-reset';
import type { AppDataContext } from '../../db/database.js';
import { normalize } from '../../platform/data/audit.js';
import { currentDataScope } from '../../platform/data/data-scope.js';
import { ConcurrencyError } from '../../platform/errors/business-error.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import { createTimingFloor, type FloorClock } from '../../platform/security/timing-floor.js';
import {
  SecurityLogAction,
  SecurityLogIdentity,
  type SecurityLogRequestInfo,
  type SecurityLogWriter,
} from '../../platform/security-log/security-log-writer.js';
import type { UserManager } from '../identity/identity.service.js';
import { AccountErrors } from './account.errors.js';
import type { PasswordPolicy } from './password-policy.js';
import type { PasswordResetMailer } from './password-reset-mailer.js';
import type { PasswordResetTokens } from './password-reset-token.js';

type MailedUser = Parameters<PasswordResetTokens['issue']>[0] & { email: string; userName: string };

const KNOWN_ADDRESS = 'known address';
/** Nobody: the rehearsal's token and mail are made for it, and its outbox row never commits. */
const STAND_IN = {
  id: '00000000-0000-0000-0000-000000000000',
  email: 'nobody@invalid',
  userName: 'nobody',
  normalizedEmail: 'NOBODY@INVALID',
  normalizedUserName: 'NOBODY',
  securityStamp: 'rehearsal',
  passwordHash: null,
};
/** Thrown to roll the rehearsal back. */
const REHEARSED = Symbol('rehearsed');

/**
 * ABP's forgot-password flow. Asking for a code answers the same whether or not the address is
 * known (no enumeration), and in the same time: a known address costs a token, a localized mail
 * and an outbox row (milliseconds), so both answers last at least the bound of that work's time
 * (platform/security/timing-floor.ts); until a known address has been timed, an unknown one times
 * a rehearsal of that work, rolled back. The mail is queued in a transaction of its own, so it is
 * durable once the call returns. Resetting checks the token against the user's current security
 * stamp, sets the password, rotates the stamp (the token dies, as does any other outstanding
 * one) and revokes every session and token of the user.
 */
export function createPasswordResetService(deps: {
  data: AppDataContext;
  users: UserManager;
  hasher: PasswordHasher;
  passwordPolicy: PasswordPolicy;
  tokens: PasswordResetTokens;
  mailer: PasswordResetMailer;
  securityLog: SecurityLogWriter;
  /** Ends every session, grant and token of the user (the sign-in server's). */
  revokeAllOf(userId: string): Promise<void>;
  appUrl: string;
  tenantKey: string;
  tokenLifetimeSeconds: number;
  /** Where the answers' timing floor reads the time and waits; a test gives its own. */
  clock?: FloorClock;
}) {
  const { data, users, tokens } = deps;
  const answerFloor = createTimingFloor(deps.clock);

  function resetLink(
    user: { id: string; tenantId: string | null },
    token: string,
    input: SendPasswordResetCodeDto,
  ) {
    const url = new URL(`${deps.appUrl}/account/reset-password`);
    url.searchParams.set('userId', user.id);
    if (user.tenantId) url.searchParams.set(deps.tenantKey, user.tenantId);
    url.searchParams.set('resetToken', token);
    if (input.returnUrl) url.searchParams.set('returnUrl', input.returnUrl);
    if (input.returnUrlHash) url.searchParams.set('returnUrlHash', input.returnUrlHash);
    return url.toString();
  }

  /** The token, the localized mail and its outbox row. */
  const mailResetCode = (
    user: MailedUser,
    input: SendPasswordResetCodeDto,
    culture: string,
    tenantName: string | null,
  ) =>
    deps.mailer.send({
      to: user.email,
      userName: user.userName,
      tenantId: user.tenantId,
      tenantName,
      culture,
      link: resetLink(user, tokens.issue(user), input),
      lifetimeSeconds: deps.tokenLifetimeSeconds,
    });

  /**
   * A known address's work for a stand-in, rolled back: until one has been timed the floor is
   * empty, and an unknown address would answer sooner than a known one (after each start).
   */
  async function rehearseResetCode(
    input: SendPasswordResetCodeDto,
    culture: string,
    tenantName: string | null,
  ) {
    const standIn = { ...STAND_IN, tenantId: currentDataScope()?.tenantId ?? null };
    try {
      await data.transaction(async () => {
        await mailResetCode(standIn, input, culture, tenantName);
        throw REHEARSED;
      });
    } catch (error) {
      if (error !== REHEARSED) throw error;
    }
  }

  return {
    /** `tenantName`: the tenant the request is in, named in the mail; null for the host. */
    async sendPasswordResetCode(
      input: SendPasswordResetCodeDto,
      culture: string,
      tenantName: string | null = null,
    ): Promise<void> {
      const startedAt = answerFloor.now();
      const user = await users.findByNormalizedEmail(normalize(input.email));
      if (user || !answerFloor.has(KNOWN_ADDRESS)) {
        if (user) await data.transaction(() => mailResetCode(user, input, culture, tenantName));
        else await rehearseResetCode(input, culture, tenantName);
        answerFloor.note(KNOWN_ADDRESS, answerFloor.now() - startedAt);
      }
      await answerFloor.pad(startedAt);
    },

    async verifyPasswordResetToken(userId: string, resetToken: string): Promise<boolean> {
      const user = await users.findById(userId);
      return user !== undefined && tokens.isValid(resetToken, user);
    },

    async resetPassword(input: ResetPasswordDto, request: SecurityLogRequestInfo): Promise<void> {
      const user = await users.findById(input.userId);
      if (!user || !tokens.isValid(input.resetToken, user)) throw AccountErrors.invalidToken();
      await deps.passwordPolicy.validate(input.password);
      const passwordHash = await deps.hasher.hash(input.password);
      await data.transaction(async () => {
        try {
          // Under the stamp read above: of two concurrent uses of one token, one wins.
          await users.updateOnce(
            user,
            user.concurrencyStamp,
            // Proving the mailbox ends a lockout too: the guesses it stopped were at the old
            // password, and the owner would otherwise wait it out with the new one.
            { passwordHash, lockoutEnd: null, accessFailedCount: 0 },
            {
              rotateSecurityStamp: true,
            },
          );
        } catch (error) {
          if (error instanceof ConcurrencyError) throw AccountErrors.invalidToken();
          throw error;
        }
        await deps.revokeAllOf(user.id);
        await deps.securityLog.write({
          identity: SecurityLogIdentity.Identity,
          action: SecurityLogAction.ChangePassword,
          tenantId: currentDataScope()?.tenantId ?? null,
          userId: user.id,
          userName: user.userName,
          ...request,
        });
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
