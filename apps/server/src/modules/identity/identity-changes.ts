/**
 * Tells whoever listens that some users' roles, credentials or status changed, once the change is
 * committed: the application configuration drops its cached answers (granted policies follow the
 * roles) and the sign-in server forgets the accounts it cached (roles in tokens, deactivation, a
 * new security stamp). Listeners subscribe in the composition root; identity knows none of them.
 */
export function createIdentityChanges() {
  const listeners = new Set<(userIds: readonly string[]) => Promise<void>>();
  return {
    onUsersChanged(listener: (userIds: readonly string[]) => Promise<void>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async usersChanged(userIds: readonly string[]): Promise<void> {
      for (const listener of listeners) await listener(userIds);
    },
  };
}

export type IdentityChanges = ReturnType<typeof createIdentityChanges>;
