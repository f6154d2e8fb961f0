import type { Provider } from 'oidc-provider';
import { describe, expect, it, vi } from 'vitest';
import { createCacheHub } from '../../../platform/caching/cache.js';
import type { AccountLookup, AccountSnapshot } from '../account-lookup.js';
import { API_SCOPE } from '../provider/clients.js';
import { createAccessTokenAuthenticator } from './access-token-authenticator.js';
import { createAccessTokenCache } from './access-token-cache.js';

const account: AccountSnapshot = {
  id: 'user-1',
  tenantId: 'tenant-1',
  userName: 'ana',
  name: 'Ana',
  surname: null,
  email: 'ana@example.com',
  emailConfirmed: true,
  phoneNumber: null,
  phoneNumberConfirmed: false,
  roles: ['admin'],
  stampDigest: 'stamp-1',
};

/** oidc-provider's store as the authenticator sees it: one valid token, `good`. */
function setUp() {
  const stored = new Map([
    [
      'good',
      {
        accountId: account.id,
        clientId: 'Vineta_App',
        scopes: new Set([API_SCOPE]),
        extra: { sst: 'stamp-1', tenantid: 'tenant-1' },
        exp: Math.floor(Date.now() / 1000) + 3600,
        grantId: 'grant-1',
        expiresWithSession: false,
        isSenderConstrained: () => false,
      },
    ],
  ]);
  const find = vi.fn(async (value: string) => stored.get(value));
  const provider = { AccessToken: { find } } as unknown as Provider;
  let snapshot: AccountSnapshot | undefined = account;
  // The account lookup's cache: at hand, as it is for a signed-in user's every request.
  const lookup = { findInAnyTenantState: () => snapshot } as unknown as AccountLookup;
  const cache = createAccessTokenCache(createCacheHub(), { ttlMs: 60_000, maxEntries: 100 });
  const authenticator = createAccessTokenAuthenticator({ provider: () => provider, lookup, cache });
  const request = (authorization?: string) => ({ headers: { authorization } });
  return {
    authenticator,
    request,
    find,
    cache,
    stored,
    changeAccount: (next: AccountSnapshot | undefined) => {
      snapshot = next;
    },
  };
}

describe('access-token authenticator', () => {
  it('looks a token up once, then answers at once from the cache with the same user', async () => {
    const { authenticator, request, find } = setUp();
    const first = authenticator.authenticate(request('Bearer good'));
    expect(first).toBeInstanceOf(Promise);
    const user = await first;
    expect(user).toMatchObject({ id: 'user-1', tenantId: 'tenant-1', clientId: 'Vineta_App' });
    const again = authenticator.authenticate(request('Bearer good'));
    expect(again).toBe(user);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('is anonymous at once without credentials or with a header that is no bearer token', () => {
    const { authenticator, request } = setUp();
    expect(authenticator.authenticate(request())).toBeNull();
    expect(authenticator.authenticate(request(''))).toBeNull();
    expect(authenticator.authenticate(request('Basic abc'))).toBeNull();
  });

  it('leaves the caller anonymous for an unknown token, or one whose account changed its stamp or is gone', async () => {
    const { authenticator, request, changeAccount } = setUp();
    expect(await authenticator.authenticate(request('Bearer forged'))).toBeNull();
    expect(await authenticator.authenticate(request('Bearer good'))).toMatchObject({
      id: 'user-1',
    });
    changeAccount({ ...account, stampDigest: 'stamp-2' });
    expect(authenticator.authenticate(request('Bearer good'))).toBeNull();
    changeAccount(undefined);
    expect(authenticator.authenticate(request('Bearer good'))).toBeNull();
  });

  it('lets a store that cannot be read fail the request: an outage is no refusal', async () => {
    const { authenticator, request, find } = setUp();
    const outage = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    find.mockRejectedValueOnce(outage);
    await expect(authenticator.authenticate(request('Bearer good'))).rejects.toBe(outage);
  });

  it('goes back to the store after a revocation, and refuses a token it no longer has', async () => {
    const { authenticator, request, find, cache, stored } = setUp();
    await authenticator.authenticate(request('Bearer good'));
    stored.delete('good');
    await cache.revoke({ accountId: account.id });
    expect(await authenticator.authenticate(request('Bearer good'))).toBeNull();
    expect(find).toHaveBeenCalledTimes(2);
  });
});
