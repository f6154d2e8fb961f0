/** Waiting hashes started together per core, when a backlog forms (see `createHashScheduler`). */
export const HASHES_PER_CORE_IN_A_WAVE = 2;

/** libuv's pool size unless UV_THREADPOOL_SIZE sets another. */
export const DEFAULT_POOL_THREADS = 4;

/**
 * When each password hash runs. A hash starts at once while fewer hashes run than there are
 * cores, so no core idles while sign-ins wait. Beyond that they queue, in order, and when the
 * running ones fall below the core count the waiting ones start together, up to
 * `HASHES_PER_CORE_IN_A_WAVE` per core and one short of `poolThreads` (libuv's pool runs the
 * hashes, and file and DNS work needs a thread too).
 *
 * Why in waves: hashes started together finish together, so the sign-ins they belong to finish
 * their own work (stamps, security log, tokens) back to back on a warm core, and their clients'
 * next requests arrive together. One at a time, each grant's work ran alone between argon2's
 * time slices, which had flushed the core's caches of it: three times its back-to-back cost
 * (decision 009). Under a backlog, a wave takes as long as its hashes one after another, so
 * sign-ins per second are the same or better and the mean wait the same; a lone sign-in starts
 * at once, as before.
 */
export function createHashScheduler(cores: number, poolThreads = DEFAULT_POOL_THREADS) {
  const idleCoresFill = Math.max(1, cores);
  const waveLimit = Math.max(
    idleCoresFill,
    Math.min(idleCoresFill * HASHES_PER_CORE_IN_A_WAVE, poolThreads - 1),
  );
  let running = 0;
  const waiting: (() => void)[] = [];

  function startWaiting() {
    if (running >= idleCoresFill) return;
    while (running < waveLimit) {
      const next = waiting.shift();
      if (!next) return;
      running++;
      next();
    }
  }

  return async function scheduled<T>(task: () => Promise<T>): Promise<T> {
    if (running < idleCoresFill && waiting.length === 0) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      running--;
      startWaiting();
    }
  };
}
