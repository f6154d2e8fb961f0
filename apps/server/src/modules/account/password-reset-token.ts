import { createHmac, timingSafeEqual } from 'node:crypto';

interface TokenPayload {
  /** user id */
  u: string;
  /** tenant id, '' for the host */
  t: string;
  /** expiry, epoch seconds */
  e: number;
}

const PURPOSE = 'ResetPassword';

/** What a token is bound to: it dies when any of these changes. */
interface TokenHolder {
  id: string;
  tenantId: string | null;
  securityStamp: string;
  passwordHash: string | null;
  normalizedEmail: string | null;
  normalizedUserName: string;
}

/**
 * Password-reset tokens without a table: the user, the tenant and the expiry, signed together
 * with the user's security stamp, password hash, e-mail and user name. Resetting the password
 * changes the first two, so a token works once; a password the user changes itself (which keeps
 * the stamp, so that its own session survives) or any credential change by an administrator kills
 * outstanding tokens too, and so does a new e-mail address or user name: a link mailed to an
 * address its owner has left (a lost mailbox) stops working, as ASP.NET Identity's new security
 * stamp on `SetEmailAsync` makes it, without signing the user out (decision 011). Tokens expire
 * after `lifetimeSeconds` (ABP's recent default: two hours).
 */
export function createPasswordResetTokens(options: { secret: string; lifetimeSeconds: number }) {
  const signature = (payload: string, user: TokenHolder) =>
    createHmac('sha256', options.secret)
      .update(
        [
          PURPOSE,
          payload,
          user.securityStamp,
          user.passwordHash ?? '',
          user.normalizedEmail ?? '',
          user.normalizedUserName,
        ].join('|'),
      )
      .digest('base64url');

  return {
    issue(user: TokenHolder): string {
      const payload: TokenPayload = {
        u: user.id,
        t: user.tenantId ?? '',
        e: Math.floor(Date.now() / 1000) + options.lifetimeSeconds,
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${encoded}.${signature(encoded, user)}`;
    },

    isValid(token: string, user: TokenHolder): boolean {
      const [encoded, sent] = token.split('.');
      if (!encoded || !sent) return false;
      const expected = Buffer.from(signature(encoded, user));
      const actual = Buffer.from(sent);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      try {
        const payload = JSON.parse(
          Buffer.from(encoded, 'base64url').toString('utf8'),
        ) as TokenPayload;
        return (
          payload.u === user.id &&
          payload.t === (user.tenantId ?? '') &&
          payload.e > Math.floor(Date.now() / 1000)
        );
      } catch {
        return false;
      }
    },
  };
}

export type PasswordResetTokens = ReturnType<typeof createPasswordResetTokens>;

/** The secret for the tokens, derived from the deployment's encryption key. */
export const passwordResetSecretFrom = (encryptionKey: string) =>
  createHmac('sha256', encryptionKey).update('vineta:password-reset').digest('base64url');
