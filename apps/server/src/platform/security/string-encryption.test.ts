import { describe, expect, it } from 'vitest';
import { createStringEncryption } from './string-encryption.js';

describe('string encryption', () => {
  const encryption = createStringEncryption('a-secret-of-at-least-32-characters!!');

  it('round-trips and never stores the plain text', () => {
    const stored = encryption.encrypt('s3cr3t-smtp');
    expect(stored).not.toContain('s3cr3t');
    expect(encryption.isEncrypted(stored)).toBe(true);
    expect(encryption.decrypt(stored)).toBe('s3cr3t-smtp');
  });

  it('uses a fresh IV each time', () => {
    expect(encryption.encrypt('same')).not.toBe(encryption.encrypt('same'));
  });

  it('refuses a value encrypted under another key or altered', () => {
    const stored = encryption.encrypt('value');
    expect(() =>
      createStringEncryption('another-secret-of-32-characters-long').decrypt(stored),
    ).toThrow();
    const tampered = `${stored.slice(0, -2)}${stored.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => encryption.decrypt(tampered)).toThrow();
  });
});
