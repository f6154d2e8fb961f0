/**
 * A value that is either at hand or on its way. Per-request lookups that are nearly always
 * answered from a cache (the token, the account, the tenant, a setting) return one, so that the
 * request goes on without a promise when the cache has the answer: under the request scope's
 * AsyncLocalStorage every promise runs async hooks, and a users-list request created 87 of them.
 *
 * A function returning a MaybePromise does not throw: a failure is a rejected promise.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `next(value)` at once when `value` is at hand, once it settles when it is a promise. Keeps the
 * rule above: what `next` throws comes back as a rejected promise.
 */
export function whenReady<T, R>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
): MaybePromise<R> {
  if (value instanceof Promise) return value.then(next);
  try {
    return next(value);
  } catch (error) {
    return Promise.reject(error);
  }
}
