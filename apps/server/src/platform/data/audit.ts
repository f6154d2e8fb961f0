import { currentDataScope } from './data-scope.js';

/** ABP's audit property setter: who and when, from the ambient scope. */
const nowIso = () => new Date().toISOString();

export function creationAudit() {
  return { creationTime: nowIso(), creatorId: currentDataScope()?.userId ?? null };
}

export function modificationAudit() {
  return { lastModificationTime: nowIso(), lastModifierId: currentDataScope()?.userId ?? null };
}

export function deletionAudit() {
  return { isDeleted: true, deletionTime: nowIso(), deleterId: currentDataScope()?.userId ?? null };
}

/** A fresh stamp on every save; an update that names an older one is refused with 409. */
export const newConcurrencyStamp = () => crypto.randomUUID().replaceAll('-', '');

/** ABP normalizes names and e-mails upper-invariant for case-insensitive uniqueness. */
export const normalize = (value: string) => value.normalize('NFKC').toUpperCase();
