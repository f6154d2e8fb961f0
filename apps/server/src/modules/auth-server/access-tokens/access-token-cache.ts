import { hash } from 'node:crypto';
import type { CacheHub } from '../../../platform/caching/cache.js';

/** What the API needs of an access token once oidc-provider has found it valid. */
export interface VerifiedAccessToken {
  accountId: string;
  clientId: string | null;
  /** The security-stamp digest the token was issued under (`extra.sst`). */
  stamp: unknown;
  /** The user's tenant (`extra.tenantid`; `null`: the host): where the lookup finds the user. */
  tenantId: string | null;
  /** Epoch seconds. */
  expiresAt: number;
  grantId: string | undefined;
  /** Only for tokens that die with their sign-in session (code flow without offline_access). */
  sessionUid: string | undefined;
}

/** Events that end access tokens before they expire. */
export type AccessTokenRevocation =
  | { tokenId: string }
  | { grantId: string }
  | { accountId: string }
  | { sessionUid: string }
  /** A session ended whose uid the store does not know: every session-bound token is looked up again. */
  | { anySession: true };

/**
 * A short-lived positive cache of verified access tokens, so that an API request does not look its
 * token up in the store and rebuild oidc-provider's model every time: that was most of what a
 * signed-in request cost beyond a bare route (`npm run bench`, app configuration as the admin).
 *
 * Keyed by the token's SHA-256, never the token. An entry lives at most `ttlMs` and never past the
 * token's expiry. Every revocation the store performs (the revocation endpoint, refresh-token reuse,
 * sign-out, password reset, a changed or ended session) drops the matching entries here at once and
 * on every other instance over the cache hub's Redis channel. While that channel is down nothing
 * is served from here, and everything is dropped when it is back; if a message is lost otherwise,
 * `ttlMs` bounds how long another instance still accepts the token. Deactivation, deletion and a new
 * security stamp are checked per request through the account lookup, as before.
 */
export function createAccessTokenCache(
  hub: CacheHub,
  options: { ttlMs: number; maxEntries: number },
) {
  const entries = new Map<string, { token: VerifiedAccessToken; until: number }>();
  /** Bumped by every revocation: a lookup that started before one must not fill the cache. */
  let generation = 0;

  const dropWhere = (matches: (token: VerifiedAccessToken) => boolean) => {
    for (const [key, entry] of entries) if (matches(entry.token)) entries.delete(key);
  };

  /** Messages: `t:<token hash>`, `g:<grant id>`, `a:<account id>`, `s:<session uid>`, `S:`. */
  const channel = hub.channel(
    'access-tokens',
    (message) => {
      generation++;
      const value = message.slice(2);
      switch (message[0]) {
        case 't':
          entries.delete(value);
          break;
        case 'g':
          dropWhere((token) => token.grantId === value);
          break;
        case 'a':
          dropWhere((token) => token.accountId === value);
          break;
        case 's':
          dropWhere((token) => token.sessionUid === value);
          break;
        case 'S':
          dropWhere((token) => token.sessionUid !== undefined);
          break;
      }
    },
    // Revocations may have been missed while Redis was away: every token is looked up again.
    () => {
      generation++;
      entries.clear();
    },
  );

  const keyOf = (token: string) => hash('sha256', token, 'base64url');

  return {
    keyOf,
    /** Read before looking a token up; hand it back to `set`. */
    get generation() {
      return generation;
    },
    get(key: string): VerifiedAccessToken | undefined {
      // Not listening to other instances' revocations: look every token up (cache.ts).
      if (!hub.listening) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.token;
    },
    set(key: string, token: VerifiedAccessToken, lookupGeneration: number): void {
      if (lookupGeneration !== generation || !hub.listening) return;
      const until = Math.min(Date.now() + options.ttlMs, token.expiresAt * 1000);
      if (until <= Date.now()) return;
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { token, until });
    },
    async revoke(revocation: AccessTokenRevocation): Promise<void> {
      if ('tokenId' in revocation) await channel.publish(`t:${keyOf(revocation.tokenId)}`);
      else if ('grantId' in revocation) await channel.publish(`g:${revocation.grantId}`);
      else if ('accountId' in revocation) await channel.publish(`a:${revocation.accountId}`);
      else if ('sessionUid' in revocation) await channel.publish(`s:${revocation.sessionUid}`);
      else await channel.publish('S:');
    },
  };
}

export type AccessTokenCache = ReturnType<typeof createAccessTokenCache>;
