import { pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/** ASP.NET Identity v3's pseudo-random functions, by their number in the hash. */
const V3_DIGESTS = ['sha1', 'sha256', 'sha512'] as const;
/** What ASP.NET Identity itself accepts: at least 128-bit salts and subkeys. */
const MIN_SALT_BYTES = 16;
const MIN_SUBKEY_BYTES = 16;
/** More than any real configuration uses: a damaged count would otherwise hold a thread for long. */
const MAX_ITERATIONS = 10_000_000;

interface Pbkdf2Hash {
  digest: string;
  iterations: number;
  salt: Buffer;
  subkey: Buffer;
}

/**
 * A password hash in ASP.NET Core Identity's format, as ABP stores them, decoded; undefined for
 * anything else (argon2id's `$argon2id$…` text is not base64).
 *
 * - Version 2: byte 0, a 128-bit salt, a 256-bit subkey; PBKDF2 with HMAC-SHA1 and 1 000
 *   iterations.
 * - Version 3: byte 1, then big-endian 32-bit numbers for the function (0 SHA-1, 1 SHA-256,
 *   2 SHA-512), the iterations and the salt's length, then the salt and the subkey.
 */
export function decodeAspNetIdentityHash(encoded: string): Pbkdf2Hash | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes[0] === 0x00) {
    if (bytes.length !== 1 + 16 + 32) return undefined;
    return {
      digest: 'sha1',
      iterations: 1_000,
      salt: bytes.subarray(1, 17),
      subkey: bytes.subarray(17),
    };
  }
  if (bytes[0] !== 0x01 || bytes.length < 13) return undefined;
  const digest = V3_DIGESTS[bytes.readUInt32BE(1)];
  const iterations = bytes.readUInt32BE(5);
  const saltLength = bytes.readUInt32BE(9);
  const subkeyLength = bytes.length - 13 - saltLength;
  if (!digest || iterations < 1 || iterations > MAX_ITERATIONS) return undefined;
  if (saltLength < MIN_SALT_BYTES || subkeyLength < MIN_SUBKEY_BYTES) return undefined;
  return {
    digest,
    iterations,
    salt: bytes.subarray(13, 13 + saltLength),
    subkey: bytes.subarray(13 + saltLength),
  };
}

/**
 * Whether `password` matches an ASP.NET Identity hash (decodeAspNetIdentityHash), compared in
 * constant time. PBKDF2 runs on libuv's thread pool, off the event loop.
 */
export async function verifyAspNetIdentityHash(hash: Pbkdf2Hash, password: string) {
  const derived = await pbkdf2Async(
    Buffer.from(password, 'utf8'),
    hash.salt,
    hash.iterations,
    hash.subkey.length,
    hash.digest,
  );
  return timingSafeEqual(derived, hash.subkey);
}
