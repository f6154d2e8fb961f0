import { describe, expect, it } from 'vitest';
import { EmailSettingsDto, SendTestEmailInput, UpdateEmailSettingsDto } from './email-settings.js';

const valid = {
  defaultFromDisplayName: 'Viñeta',
  defaultFromAddress: 'noreply@vineta.mx',
  smtpPort: 587,
};

const failingPaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('UpdateEmailSettingsDto', () => {
  it('needs only the sender and the port; the booleans default to false', () => {
    expect(UpdateEmailSettingsDto.parse(valid)).toEqual({
      ...valid,
      smtpEnableSsl: false,
      smtpUseDefaultCredentials: false,
      clearSmtpPassword: false,
    });
  });

  it.each([1, 25, 465, 65535])('accepts the port %d', (smtpPort) => {
    expect(UpdateEmailSettingsDto.safeParse({ ...valid, smtpPort }).success).toBe(true);
  });

  it.each([0, -25, 65536, 25.5, '25', null])('rejects the port %j', (smtpPort) => {
    expect(failingPaths(UpdateEmailSettingsDto.safeParse({ ...valid, smtpPort }))).toEqual([
      'smtpPort',
    ]);
  });

  it('requires the display name, a valid from address and the port', () => {
    expect(failingPaths(UpdateEmailSettingsDto.safeParse({}))).toEqual([
      'defaultFromDisplayName',
      'defaultFromAddress',
      'smtpPort',
    ]);
    expect(
      failingPaths(UpdateEmailSettingsDto.safeParse({ ...valid, defaultFromAddress: 'noreply' })),
    ).toEqual(['defaultFromAddress']);
  });

  it('limits the host to 256 and the other texts to 1024', () => {
    const atLimit = {
      ...valid,
      smtpHost: 'h'.repeat(256),
      smtpDomain: 'd'.repeat(1024),
      smtpUserName: 'u'.repeat(1024),
      smtpPassword: 'p'.repeat(1024),
      defaultFromDisplayName: 'n'.repeat(1024),
    };
    expect(UpdateEmailSettingsDto.safeParse(atLimit).success).toBe(true);
    const overLimit = {
      ...valid,
      smtpHost: 'h'.repeat(257),
      smtpDomain: 'd'.repeat(1025),
      smtpUserName: 'u'.repeat(1025),
      smtpPassword: 'p'.repeat(1025),
      defaultFromDisplayName: 'n'.repeat(1025),
    };
    expect(failingPaths(UpdateEmailSettingsDto.safeParse(overLimit)).sort()).toEqual([
      'defaultFromDisplayName',
      'smtpDomain',
      'smtpHost',
      'smtpPassword',
      'smtpUserName',
    ]);
  });

  it('accepts an empty password (keep the stored one)', () => {
    expect(UpdateEmailSettingsDto.safeParse({ ...valid, smtpPassword: '' }).success).toBe(true);
  });
});

describe('EmailSettingsDto', () => {
  const answer = {
    ...valid,
    smtpHost: '127.0.0.1',
    smtpEnableSsl: false,
    smtpUseDefaultCredentials: true,
    smtpDomain: null,
    smtpUserName: null,
    smtpPassword: '',
    hasSmtpPassword: true,
  };

  it('never lets a stored password out', () => {
    expect(EmailSettingsDto.safeParse(answer).success).toBe(true);
    expect(failingPaths(EmailSettingsDto.safeParse({ ...answer, smtpPassword: 'secret' }))).toEqual(
      ['smtpPassword'],
    );
  });
});

describe('SendTestEmailInput', () => {
  it('requires two valid addresses and a subject of at most 1024 characters', () => {
    const body = { senderEmailAddress: 'a@b.mx', targetEmailAddress: 'c@d.mx', subject: 'Hola' };
    expect(SendTestEmailInput.safeParse(body).success).toBe(true);
    expect(
      failingPaths(
        SendTestEmailInput.safeParse({
          ...body,
          targetEmailAddress: 'c',
          subject: 's'.repeat(1025),
        }),
      ),
    ).toEqual(['targetEmailAddress', 'subject']);
  });
});
