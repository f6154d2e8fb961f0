import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Secrets at rest (the SMTP password, signing keys): AES-256-GCM under a key derived from
 * ENCRYPTION_KEY, with a fresh IV each time and the tag checked on read. ABP uses AES-CBC with a
 * fixed passphrase and IV; an authenticated mode and a per-deployment key are the point here.
 */
export interface StringEncryption {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  isEncrypted(stored: string): boolean;
}

/** A stored secret that the key does not open: written under another ENCRYPTION_KEY, or damaged. */
export class UndecryptableSecretError extends Error {
  override name = 'UndecryptableSecretError';
}

export function createStringEncryption(secret: string): StringEncryption {
  const key = createHash('sha256').update(`vineta:string-encryption:${secret}`).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${[iv, tag, body].map((part) => part.toString('base64url')).join(':')}`;
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('Not an encrypted value');
      const [iv, tag, body] = stored
        .slice(PREFIX.length)
        .split(':')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('Malformed encrypted value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new UndecryptableSecretError(
          'A stored secret does not decrypt with this encryption key',
          { cause: error },
        );
      }
    },
    isEncrypted: (stored) => stored.startsWith(PREFIX),
  };
}
