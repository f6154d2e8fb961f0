import { generateKeyPairSync } from 'node:crypto';
import { CompactSign, compactVerify, importJWK, type JWK as JoseJwk } from 'jose';
import type { JWK } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { NodeCryptoSigningKey } from './node-crypto-signing-key.js';

const privateJwk = (alg: 'ES256' | 'RS256'): JWK => {
  const { privateKey } =
    alg === 'ES256'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: `kid-${alg}`, alg, use: 'sig' };
};

/** A compact JWS as oidc-provider assembles it around an external key's signature. */
function compact(key: NodeCryptoSigningKey, header: object, payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${Buffer.from(key.sign(Buffer.from(input))).toString('base64url')}`;
}

describe('NodeCryptoSigningKey', () => {
  for (const alg of ['ES256', 'RS256'] as const) {
    it(`signs ${alg} JWS that jose verifies with the public JWK`, async () => {
      const jwk = privateJwk(alg);
      const key = new NodeCryptoSigningKey(jwk);
      const jws = compact(key, { alg, kid: jwk.kid }, { sub: 'someone' });
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
      const verified = await compactVerify(jws, await importJWK(publicJwk as JoseJwk, alg));
      expect(JSON.parse(Buffer.from(verified.payload).toString())).toEqual({ sub: 'someone' });
    });
  }

  it('shows the provider the public half only, as it publishes it', () => {
    const jwk = privateJwk('ES256');
    const key = new NodeCryptoSigningKey(jwk);
    expect({ kty: key.kty, crv: key.crv, x: key.x, y: key.y, kid: key.kid, alg: key.alg }).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: jwk.x,
      y: jwk.y,
      kid: 'kid-ES256',
      alg: 'ES256',
    });
    expect(key.keyObject().type).toBe('public');
  });

  it('signs what jose would: an ES256 signature of 64 bytes (r ‖ s), not DER', async () => {
    const jwk = privateJwk('ES256');
    const ours = compact(new NodeCryptoSigningKey(jwk), { alg: 'ES256' }, { a: 1 });
    const jose = await new CompactSign(Buffer.from(JSON.stringify({ a: 1 })))
      .setProtectedHeader({ alg: 'ES256' })
      .sign(await importJWK(jwk as JoseJwk, 'ES256'));
    expect(ours.split('.').slice(0, 2)).toEqual(jose.split('.').slice(0, 2));
    expect(Buffer.from(ours.split('.')[2] as string, 'base64url')).toHaveLength(64);
  });

  it('refuses an algorithm it has no signer for', () => {
    expect(() => new NodeCryptoSigningKey({ ...privateJwk('ES256'), alg: 'ES384' })).toThrow(
      /no node:crypto signer for ES384/,
    );
  });
});
