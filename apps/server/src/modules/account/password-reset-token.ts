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

/** What a token is bound to: it dies when either changes. */
interface TokenHolder {
  id: string;
  tenantId: string | null;
  securityStamp: string;
  passwordHash: string | null;
}

/**
 * Password-reset tokens without a table: the user, the tenant and the expiry, signed together
 * with the user's security stamp and password hash. Resetting the password changes both, so a
 * token works once; a password the user changes itself (which keeps the stamp, so that its own
 * session survives) or any credential change by an administrator kills outstanding tokens too,
 * and they expire after `lifetimeSeconds` (ABP's recent default: two hours).
 */
export function createPasswordResetTokens(options: { secret: string; lifetimeSeconds: number }) {
  const signature = (payload: string, user: TokenHolder) =>
    createHmac('sha256', options.secret)
      .update(`${PURPOSE}|${payload}|${user.securityStamp}|${user.passwordHash ?? ''}`)
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
