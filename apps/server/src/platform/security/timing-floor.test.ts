import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/manual-clock.js';
import { createTimingFloor } from './timing-floor.js';

describe('createTimingFloor', () => {
  it("is the highest kind's average plus four deviations, which settle as checks come", () => {
    const floor = createTimingFloor(manualClock().clock);
    expect(floor.floor()).toBe(0);
    floor.note('argon2', 20);
    floor.note('pbkdf2:sha512:100000', 160);
    // One check: its time and an eighth of it as the deviation, so 1.5 times it.
    expect(floor.floor()).toBe(240);
    for (let i = 0; i < 60; i++) floor.note('pbkdf2:sha512:100000', 160);
    expect(floor.floor()).toBeGreaterThan(160);
    expect(floor.floor()).toBeLessThan(161);
    expect(floor.has('argon2')).toBe(true);
    expect(floor.has('pbkdf2:sha1:1000')).toBe(false);
    expect(floor.kinds()).toEqual(['argon2', 'pbkdf2:sha512:100000']);
  });

  it('makes a failed check last the floor, waiting out only what it fell short of', async () => {
    const { clock, waits, advance } = manualClock();
    const floor = createTimingFloor(clock);
    floor.note('argon2', 20);
    floor.note('pbkdf2:sha512:100000', 160);

    const started = clock.now();
    advance(20);
    await floor.pad(started);
    expect(waits).toEqual([220]);
    expect(clock.now() - started).toBe(240);

    const slow = clock.now();
    advance(250);
    await floor.pad(slow);
    expect(waits).toEqual([220]);
  });
});
