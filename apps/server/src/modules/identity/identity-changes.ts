/** What changed for some users. */
export interface UsersChange {
  userIds: readonly string[];
  /**
   * Their credentials changed (a password set by an administrator) or they may no longer sign in
   * (deactivated, deleted): every session and refresh token they hold should end, not only the
   * access tokens that the new security stamp already stops.
   */
  signOut: boolean;
}

/**
 * Tells whoever listens that some users' roles, credentials or status changed, once the change is
 * committed: the application configuration drops its cached answers (granted policies follow the
 * roles) and the sign-in server forgets the accounts it cached (roles in tokens, deactivation, a
 * new security stamp) or ends their sessions. Listeners subscribe in the composition root;
 * identity knows none of them.
 */
export function createIdentityChanges() {
  const listeners = new Set<(change: UsersChange) => Promise<void>>();
  return {
    onUsersChanged(listener: (change: UsersChange) => Promise<void>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async usersChanged(change: UsersChange): Promise<void> {
      for (const listener of listeners) await listener(change);
    },
  };
}

export type IdentityChanges = ReturnType<typeof createIdentityChanges>;
