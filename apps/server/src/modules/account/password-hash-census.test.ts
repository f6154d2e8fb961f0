import { describe, expect, it, vi } from 'vitest';
import { createPasswordHashCensus } from './password-hash-census.js';

function setUp(found: () => Promise<string[]>, timing: () => Promise<void> = async () => {}) {
  let time = 0;
  const foreignPasswordHashes = vi.fn((_limit: number) => found());
  const learn = vi.fn((_hashes: readonly string[]) => timing());
  const ensureCensus = createPasswordHashCensus({
    users: { foreignPasswordHashes },
    hasher: { learn },
    now: () => time,
  });
  return { ensureCensus, foreignPasswordHashes, learn, advance: (ms: number) => (time += ms) };
}

describe('createPasswordHashCensus', () => {
  it("times the tenant's other kinds of hash before its first check, once per tenant", async () => {
    const { ensureCensus, foreignPasswordHashes, learn } = setUp(async () => ['AQAAAAIAAYag…']);
    await ensureCensus('tenant-a');
    expect(foreignPasswordHashes).toHaveBeenCalledWith(expect.any(Number));
    expect(learn).toHaveBeenCalledWith(['AQAAAAIAAYag…']);
    await ensureCensus('tenant-a');
    expect(foreignPasswordHashes).toHaveBeenCalledTimes(1);
    await ensureCensus(null);
    expect(foreignPasswordHashes).toHaveBeenCalledTimes(2);
  });

  it("holds the tenant's first check until the kinds found are timed", async () => {
    let timed = () => {};
    const { ensureCensus } = setUp(
      async () => ['AQAAAAIAAYag…'],
      () => new Promise<void>((resolve) => (timed = resolve)),
    );
    let answered = false;
    const first = ensureCensus('tenant-a').then(() => {
      answered = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    timed();
    await first;
    expect(answered).toBe(true);
  });

  it('looks again in the background after ten minutes, holding no check up', async () => {
    let reads = 0;
    // The second look never finishes: a check that waited for it would never be answered.
    const { ensureCensus, foreignPasswordHashes, advance } = setUp(() =>
      reads++ === 0 ? Promise.resolve([]) : new Promise<string[]>(() => {}),
    );
    await ensureCensus('tenant-a');
    advance(10 * 60_000);
    await expect(ensureCensus('tenant-a')).resolves.toBeUndefined();
    expect(foreignPasswordHashes).toHaveBeenCalledTimes(2);
    await ensureCensus('tenant-a');
    expect(foreignPasswordHashes).toHaveBeenCalledTimes(2);
  });

  it('lets the check go on when the census fails, and tries again at the next one', async () => {
    let fail = true;
    const { ensureCensus, foreignPasswordHashes, learn } = setUp(async () => {
      if (fail) throw new Error('database unavailable');
      return ['AQAAAAEAACcQ…'];
    });
    await expect(ensureCensus('tenant-a')).resolves.toBeUndefined();
    expect(learn).not.toHaveBeenCalled();
    fail = false;
    await ensureCensus('tenant-a');
    expect(foreignPasswordHashes).toHaveBeenCalledTimes(2);
    expect(learn).toHaveBeenCalledWith(['AQAAAAEAACcQ…']);
  });
});
