import { describe, expect, it } from 'vitest';
import { emailAddress } from './fields.js';

const address = emailAddress(256);

describe('emailAddress', () => {
  it.each([
    'ana@example.com',
    'ana.lopez+news@example.com.mx',
    // .NET's EmailAddressAttribute (ABP's check) takes these; zod's own pattern did not.
    'josé@ejemplo.mx',
    '用户@例子.广告',
    'noreply@localhost',
    'a@b.c',
  ])('takes %j', (value) => {
    expect(address.safeParse(value).success).toBe(true);
  });

  it.each([
    '',
    'no',
    'ana@',
    '@example.com',
    'ana@example.com.',
    '.ana@example.com',
    'ana..lopez@example.com',
    'ana@-example.com',
    // What would make it a list or a display name in a mail header.
    'a,b@example.com',
    'a b@example.com',
    '<a>@example.com',
    '"a"@example.com',
    'a;b@example.com',
    'a@example.com\r\nBcc: b@example.com',
  ])('refuses %j', (value) => {
    expect(address.safeParse(value).success).toBe(false);
  });

  it('keeps to its length', () => {
    expect(emailAddress(20).safeParse('someone@example.com.mx').success).toBe(false);
  });
});
