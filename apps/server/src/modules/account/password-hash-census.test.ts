import { describe, expect, it, vi } from 'vitest';
import { createPasswordHashCensus } from './password-hash-census.js';

const PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

function setUp(found: () => Promise<string[]>) {
  let time = 0;
  const otherPasswordHashes = vi.fn((_prefix: string, _limit: number) => found());
  const learn = vi.fn(async (_hashes: readonly string[]) => {});
  const ensureCensus = createPasswordHashCensus({
    users: { otherPasswordHashes },
    hasher: { currentPrefix: PREFIX, learn },
    now: () => time,
  });
  return { ensureCensus, otherPasswordHashes, learn, advance: (ms: number) => (time += ms) };
}

describe('createPasswordHashCensus', () => {
  it("times the tenant's other kinds of hash before its first check, once per tenant", async () => {
    const { ensureCensus, otherPasswordHashes, learn } = setUp(async () => ['AQAAAAIAAYag…']);
    await ensureCensus('tenant-a');
    expect(otherPasswordHashes).toHaveBeenCalledWith(PREFIX, expect.any(Number));
    expect(learn).toHaveBeenCalledWith(['AQAAAAIAAYag…']);
    await ensureCensus('tenant-a');
    expect(otherPasswordHashes).toHaveBeenCalledTimes(1);
    await ensureCensus(null);
    expect(otherPasswordHashes).toHaveBeenCalledTimes(2);
  });

  it('looks again in the background after ten minutes, holding no check up', async () => {
    const { ensureCensus, otherPasswordHashes, advance } = setUp(async () => []);
    await ensureCensus('tenant-a');
    advance(10 * 60_000);
    await ensureCensus('tenant-a');
    expect(otherPasswordHashes).toHaveBeenCalledTimes(2);
    await ensureCensus('tenant-a');
    expect(otherPasswordHashes).toHaveBeenCalledTimes(2);
  });

  it('lets the check go on when the census fails, and tries again at the next one', async () => {
    let fail = true;
    const { ensureCensus, otherPasswordHashes, learn } = setUp(async () => {
      if (fail) throw new Error('database unavailable');
      return ['AQAAAAEAACcQ…'];
    });
    await expect(ensureCensus('tenant-a')).resolves.toBeUndefined();
    expect(learn).not.toHaveBeenCalled();
    fail = false;
    await ensureCensus('tenant-a');
    expect(otherPasswordHashes).toHaveBeenCalledTimes(2);
    expect(learn).toHaveBeenCalledWith(['AQAAAAEAACcQ…']);
  });
});
