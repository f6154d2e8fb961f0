import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import { passwordGrant } from '../../../../test/sign-in-helpers.js';
import { createSigningKeyStore } from './signing-keys.js';

/**
 * Keys another instance makes while this one runs: an operator deletes the keys (one leaked) and
 * starts a new instance, which makes and signs with new ones. The running instance publishes and
 * signs with them within a minute, not at its hourly key check.
 */
describe("another instance's new signing keys", () => {
  let test: TestApp;

  beforeAll(async () => {
    // The key check's timer only; the clock itself keeps real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    test = await createTestApp();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await test.close();
  });

  const published = async () =>
    (
      (await test.app.inject({ url: '/.well-known/openid-configuration/jwks' })).json().keys as {
        kid: string;
      }[]
    )
      .map((key) => key.kid)
      .toSorted();
  const signedWith = async () => {
    const { id_token } = (await passwordGrant(test.app)).json() as { id_token: string };
    const [header = ''] = id_token.split('.');
    return (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
  };

  it('are published and signed with within a minute', async () => {
    const { data, encryption } = test.app.services;
    const before = await published();
    await data.query().deleteFrom('oidcSigningKeys').execute();
    const other = await createSigningKeyStore({
      data,
      encryption,
      lifetimeDays: test.config.authServer.signingKeyLifetimeDays,
    }).load();
    const made = other.jwks.map((key) => key.kid ?? '').toSorted();
    expect(made).not.toEqual(before);

    await vi.advanceTimersByTimeAsync(60_000);
    await expect.poll(published).toEqual(made);
    expect(made).toContain(await signedWith());
  });
});
