import type { FloorClock } from '../src/platform/security/timing-floor.js';

/** A timing floor's clock that moves only when told, recording every wait asked of it. */
export function manualClock() {
  let time = 0;
  const waits: number[] = [];
  const clock: FloorClock = {
    now: () => time,
    wait: async (ms) => {
      waits.push(ms);
      time += ms;
    },
  };
  return { clock, waits, now: () => time, advance: (ms: number) => (time += ms) };
}
