import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/manual-clock.js';
import type { AppDataContext } from '../../db/database.js';
import type { UserManager } from '../identity/identity.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import type { PasswordResetMailer } from './password-reset-mailer.js';
import type { PasswordResetTokens } from './password-reset-token.js';

/** Sending a known address's mail takes this long on the test's clock. */
const MAILING_MS = 8;

function setUp() {
  const { clock, waits, now, advance } = manualClock();
  /** Mails whose transaction committed; a rolled-back one's are dropped, as its outbox row is. */
  const mailed: string[] = [];
  let pending: string[] = [];
  const transaction = async (work: () => Promise<unknown>) => {
    pending = [];
    try {
      const result = await work();
      mailed.push(...pending);
      return result;
    } finally {
      pending = [];
    }
  };
  const known = { id: 'u1', tenantId: null, email: 'known@example.test', userName: 'known' };
  const service = createPasswordResetService({
    data: { transaction } as unknown as AppDataContext,
    users: {
      findByNormalizedEmail: async (email: string) =>
        email === 'KNOWN@EXAMPLE.TEST' ? known : undefined,
    } as unknown as UserManager,
    tokens: { issue: () => 'token' } as unknown as PasswordResetTokens,
    mailer: {
      send: async (mail) => {
        advance(MAILING_MS);
        pending.push(mail.to);
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
  it('rehearses a known address’s work, rolled back, while none has been timed', async () => {
    const { ask, waits, mailed } = setUp();
    // The first request after a start: nothing to pad to yet, so the mailing runs for nobody.
    expect(await ask('ghost@example.test')).toBe(MAILING_MS + 4);
    expect(mailed).toEqual([]);
    // From then on an unknown address only waits.
    expect(await ask('ghost@example.test')).toBe(MAILING_MS + 4);
    expect(waits).toEqual([4, MAILING_MS + 4]);
    expect(await ask('known@example.test')).toBe(await ask('ghost@example.test'));
    expect(mailed).toEqual(['known@example.test']);
  });

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
