import { describe, expect, it } from 'vitest';
import { decodeAspNetIdentityHash, verifyAspNetIdentityHash } from './aspnet-identity-hash.js';
import { createPasswordHasher } from './password-hasher.js';

// Hashes of "my password" as ASP.NET Core Identity writes them: the interoperability vectors
// its own test suite checks (version 2, and version 3 with each function and sizes).
const PASSWORD = 'my password';
const vectors: [string, string][] = [
  [
    'v2, SHA-1, 1 000 iterations',
    'AAABAgMEBQYHCAkKCwwNDg+ukCEMDf0yyQ29NYubggHIVY0sdEUfdyeM+E1LtH1uJg==',
  ],
  ['v3, SHA-1, 250 iterations', 'AQAAAAAAAAD6AAAAEAhftMyfTJylOlZT+eEotFXd1elee8ih5WsjXaR3PA9M'],
  [
    'v3, SHA-256, 250 000 iterations, 256-bit salt',
    'AQAAAAEAA9CQAAAAIESkQuj2Du8Y+kbc5lcN/W/3NiAZFEm11P27nrSN5/tId+bR1SwV8CO1Jd72r4C08OLvplNlCDc3oQZ8efcW+jQ=',
  ],
  ['v3, SHA-512, 50 iterations', 'AQAAAAIAAAAyAAAAEOMwvh3+FZxqkdMBz2ekgGhwQ4B6pZWND6zgESBuWiHw'],
  [
    'v3, SHA-512, 250 iterations, 512-bit subkey',
    'AQAAAAIAAAD6AAAAIJbVi5wbMR+htSfFp8fTw8N8GOS/Sje+S/4YZcgBfU7EQuqv4OkVYmc4VJl9AGZzmRTxSkP7LtVi9IWyUxX8IAAfZ8v+ZfhjCcudtC1YERSqE1OEdXLW9VukPuJWBBjLuw==',
  ],
  [
    'v3, SHA-512, 100 000 iterations (.NET 7 and later)',
    'AQAAAAIAAYagAAAAEAABAgMEBQYHCAkKCwwNDg/Q8A0WMKbtHQJQ2DHCdoEeeFBrgNlldq6vH4qX/CGqGQ==',
  ],
];

describe('ASP.NET Identity password hashes (an ABP database taken over)', () => {
  it.each(vectors)('verifies %s', async (_, encoded) => {
    const decoded = decodeAspNetIdentityHash(encoded);
    expect(decoded).toBeDefined();
    if (!decoded) return;
    expect(await verifyAspNetIdentityHash(decoded, PASSWORD)).toBe(true);
    expect(await verifyAspNetIdentityHash(decoded, 'my Password')).toBe(false);
  });

  it.each([
    ['a v2 hash too short', 'AAABAgMEBQYHCAkKCwwNDg+ukCEMDf0yyQ29NYubggE='],
    [
      'a v2 hash with bytes after it',
      'AAABAgMEBQYHCAkKCwwNDg+ukCEMDf0yyQ29NYubggHIVY0sdEUfdyeM+E1LtH1uJgAAAAAAAAAAAAA=',
    ],
    ['a v3 hash whose subkey is too short', 'AQAAAAIAAAAyAAAAEOMwvh3+FZxqkdMBz2ekgGhwQ4A='],
    ['an unknown function', 'AQAAAAMAAAAyAAAAEOMwvh3+FZxqkdMBz2ekgGhwQ4B6pZWND6zgESBuWiHw'],
    ['an argon2id hash', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo'],
    ['text that is no hash', 'not a hash'],
  ])('does not take %s for one', (_, encoded) => {
    expect(decodeAspNetIdentityHash(encoded)).toBeUndefined();
  });

  it('refuses a hash whose subkey was altered', async () => {
    const altered = decodeAspNetIdentityHash(
      'AQAAAAAAAAD6AAAAEAhftMyfTJyAAAAAAAAAAAAAAAAAAAih5WsjXaR3PA9M',
    );
    expect(altered && (await verifyAspNetIdentityHash(altered, PASSWORD))).toBe(false);
  });

  it('is verified by the password hasher, which asks for it to be made again as argon2id', async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }, 1);
    const [, v3] = vectors[5] as [string, string];
    expect(await hasher.verify(v3, PASSWORD)).toBe(true);
    expect(await hasher.verify(v3, 'wrong')).toBe(false);
    expect(hasher.needsRehash(v3)).toBe(true);
  });
});
