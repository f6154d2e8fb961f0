/**
 * Holds a user's password checks so that no more run at once than the failures the user has left
 * before lockout. A burst of guesses sent together used to be checked in full (18 of 25 with a
 * limit of 5, audit G): each read the failure count before any of them had written theirs. Checks
 * of different users, and a user's few checks from several devices, are not held up, and the
 * gate reads nothing: it counts the failures of the checks it let through itself.
 *
 * Per instance: instances sharing a database can each run a user's allowance at once.
 */
export function createAttemptGate() {
  interface Entry {
    /** Checks running now. */
    running: number;
    /** Callers inside `enter` or running: the entry (and its failure count) lives while any is. */
    present: number;
    /** Failures of the checks this entry let through. */
    failures: number;
    waiting: (() => void)[];
  }
  const users = new Map<string, Entry>();

  const release = (userId: string, entry: Entry) => {
    entry.present -= 1;
    const woken = entry.waiting.splice(0);
    if (entry.present === 0) users.delete(userId);
    for (const wake of woken) wake();
  };

  return {
    /**
     * Waits for a place among the user's running checks. `failuresLeft` (the user's allowance as
     * read before the call) is asked only when another check of the user is running. `undefined`
     * when the failures of checks run meanwhile have used the allowance up (the user is locked
     * out by now); otherwise `failed()` counts a wrong password at once (before it is written,
     * so that a check whose row already holds it cannot count it twice) and `leave()` gives the
     * place back.
     */
    async enter(
      userId: string,
      failuresLeft: () => Promise<number>,
    ): Promise<{ failed(): void; leave(): void } | undefined> {
      const entry = users.get(userId) ?? { running: 0, present: 0, failures: 0, waiting: [] };
      users.set(userId, entry);
      entry.present += 1;
      const failuresBefore = entry.failures;
      let allowance: number | undefined;
      for (;;) {
        if (entry.running > 0) allowance ??= await failuresLeft();
        const left = (allowance ?? 1) - (entry.failures - failuresBefore);
        if (left <= 0) {
          release(userId, entry);
          return undefined;
        }
        if (entry.running < left) break;
        await new Promise<void>((resolve) => entry.waiting.push(resolve));
      }
      entry.running += 1;
      let left = false;
      return {
        failed() {
          entry.failures += 1;
        },
        leave() {
          if (left) return;
          left = true;
          entry.running -= 1;
          release(userId, entry);
        },
      };
    },
  };
}
