import { describe, expect, it } from 'vitest';
import { createFailureFloor, type FloorClock } from './failure-floor.js';

/** A clock that moves only when told, recording every wait asked of it. */
function manualClock() {
  let time = 0;
  const waits: number[] = [];
  const clock: FloorClock = {
    now: () => time,
    wait: async (ms) => {
      waits.push(ms);
      time += ms;
    },
  };
  return { clock, waits, advance: (ms: number) => (time += ms) };
}

describe('createFailureFloor', () => {
  it('is the slowest kind of hash, each kind a moving average of its checks', () => {
    const floor = createFailureFloor(manualClock().clock);
    expect(floor.floor()).toBe(0);
    floor.note('argon2', 20);
    floor.note('pbkdf2:sha512:100000', 170);
    expect(floor.floor()).toBe(170);
    floor.note('pbkdf2:sha512:100000', 120);
    expect(floor.floor()).toBe(160);
    expect(floor.has('argon2')).toBe(true);
    expect(floor.has('pbkdf2:sha1:1000')).toBe(false);
  });

  it('makes a failed check last the floor, waiting out only what it fell short of', async () => {
    const { clock, waits, advance } = manualClock();
    const floor = createFailureFloor(clock);
    floor.note('argon2', 20);
    floor.note('pbkdf2:sha512:100000', 170);

    const started = clock.now();
    advance(20);
    await floor.pad(started);
    expect(waits).toEqual([150]);
    expect(clock.now() - started).toBe(170);

    const slow = clock.now();
    advance(180);
    await floor.pad(slow);
    expect(waits).toEqual([150]);
  });
});
