/**
 * Holds a user's password checks so that no more run at once than the failures the user has left
 * before lockout. A burst of guesses sent together used to be checked in full (18 of 25 with a
 * limit of 5, audit G): each read the failure count before any of them had written theirs. Checks
 * of different users, and a user's few checks from several devices, are not held up.
 *
 * Per instance: instances sharing a database can each run a user's allowance at once; the check
 * after a success (sign-in.service.ts) keeps a lockout they cause from being undone.
 */
export function createAttemptGate() {
  const users = new Map<string, { running: number; waiting: (() => void)[] }>();

  return {
    /**
     * Waits for a place among the user's checks. `allowance` says how many may run now, and is
     * asked again after each wait (`waited`), when failures may have been counted meanwhile; 0
     * (locked out) lets the caller go without a place: `undefined`. Otherwise the place is given
     * back by calling what is returned.
     */
    async enter(
      userId: string,
      allowance: (waited: boolean) => Promise<number>,
    ): Promise<(() => void) | undefined> {
      let waited = false;
      for (;;) {
        const allowed = await allowance(waited);
        if (allowed <= 0) return undefined;
        const entry = users.get(userId) ?? { running: 0, waiting: [] };
        users.set(userId, entry);
        if (entry.running < allowed) {
          entry.running += 1;
          let left = false;
          return () => {
            if (left) return;
            left = true;
            entry.running -= 1;
            const woken = entry.waiting.splice(0);
            if (entry.running === 0) users.delete(userId);
            for (const wake of woken) wake();
          };
        }
        await new Promise<void>((resolve) => entry.waiting.push(resolve));
        waited = true;
      }
    },
  };
}
