import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/manual-clock.js';
import type { AppDataContext } from '../../db/database.js';
import type { UsersRepository } from '../identity/users/users.repository.js';
import { createPasswordResetService } from './password-reset.service.js';
import type { PasswordResetMailer } from './password-reset-mailer.js';
import type { PasswordResetTokens } from './password-reset-token.js';

/** Sending a known address's mail takes this long on the test's clock. */
const MAILING_MS = 8;

function setUp() {
  const { clock, waits, now, advance } = manualClock();
  const mailed: string[] = [];
  const known = { id: 'u1', tenantId: null, email: 'known@example.test', userName: 'known' };
  const service = createPasswordResetService({
    data: { transaction: (work: () => Promise<unknown>) => work() } as unknown as AppDataContext,
    users: {
      findByNormalizedEmail: async (email: string) =>
        email === 'KNOWN@EXAMPLE.TEST' ? known : undefined,
    } as unknown as UsersRepository,
    tokens: { issue: () => 'token' } as unknown as PasswordResetTokens,
    mailer: {
      send: async (mail) => {
        advance(MAILING_MS);
        mailed.push(mail.to);
      },
    } satisfies PasswordResetMailer,
    hasher: undefined as never,
    passwordPolicy: undefined as never,
    securityLog: undefined as never,
    revokeAllOf: async () => {},
    appUrl: 'http://localhost:3000',
    tenantKey: '__tenant',
    tokenLifetimeSeconds: 7200,
    clock,
  });
  const ask = async (email: string) => {
    const started = now();
    await service.sendPasswordResetCode({ email, appName: 'Angular' }, 'en');
    return now() - started;
  };
  return { ask, waits, mailed };
}

describe('sendPasswordResetCode', () => {
  it('answers an unknown address no sooner than a known one takes to mail', async () => {
    const { ask, waits, mailed } = setUp();
    // The known address's work, timed once: its time plus four eighths of it as the bound.
    expect(await ask('known@example.test')).toBe(MAILING_MS + 4);
    expect(mailed).toEqual(['known@example.test']);
    expect(await ask('ghost@example.test')).toBe(MAILING_MS * 1.5);
    expect(await ask('known@example.test')).toBe(await ask('ghost@example.test'));
    expect(mailed).toEqual(['known@example.test', 'known@example.test']);
    expect(waits.every((ms) => ms > 0)).toBe(true);
  });
});
