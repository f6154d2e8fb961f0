import { z } from 'zod';

/**
 * A GUID as ABP writes it (`8-4-4-4-12` hex). `z.guid()` rather than `z.uuid()` on purpose: ABP's
 * `SequentialGuidGenerator` makes GUIDs whose version and variant bits are not RFC 9562 ones, and
 * data migrated from ABP must still validate.
 */
export const Guid = z.guid();

/**
 * A GUID a client sends, in lowercase: .NET's `Guid` ignores case, so ABP finds
 * `95D421E3-…` as well as `95d421e3-…`, while our ids are lowercase text.
 */
export const GuidInput = Guid.toLowerCase();

/** A boolean in a query string, in .NET's spellings (`true`, `True`…), as ABP's clients send it. */
export const BooleanInput = z
  .enum(['true', 'false', 'True', 'False'])
  .transform((value) => value.toLowerCase() === 'true');

/**
 * An ISO-8601 date-time. ABP with `Clock.Kind = Unspecified` writes no offset, we write `Z`;
 * both are accepted.
 */
export const IsoDateTime = z.iso.datetime({ offset: true, local: true });

/** ABP's `ExtraPropertyDictionary` (`IHasExtraProperties.ExtraProperties`). */
export const ExtraPropertyDictionary = z.record(z.string(), z.unknown());
export type ExtraPropertyDictionary = z.infer<typeof ExtraPropertyDictionary>;

/** Fields of ABP's `ExtensibleObject` as returned by the server. */
export const extensibleObjectShape = { extraProperties: ExtraPropertyDictionary };

/** Fields of an `ExtensibleObject` sent by a client: `extraProperties` may be left out. */
export const extensibleInputShape = { extraProperties: ExtraPropertyDictionary.optional() };

/**
 * Audit fields of ABP's `ExtensibleFullAuditedEntityDto` (creation, modification, soft delete).
 * The server always writes every key; missing values are `null`.
 */
export const fullAuditedEntityShape = {
  creationTime: IsoDateTime,
  creatorId: Guid.nullable(),
  lastModificationTime: IsoDateTime.nullable(),
  lastModifierId: Guid.nullable(),
  isDeleted: z.boolean(),
  deleterId: Guid.nullable(),
  deletionTime: IsoDateTime.nullable(),
};

/** Route parameters `{ id }` of `/api/…/{id}` endpoints (no OpenAPI component: path parameters). */
export const EntityIdParams = z.object({ id: GuidInput });
export type EntityIdParams = z.infer<typeof EntityIdParams>;

/** ABP's concurrency stamps are GUID strings (`ConcurrencyStampConsts.MaxLength`). */
export const maxConcurrencyStampLength = 40;
export const ConcurrencyStamp = z.string().min(1).max(maxConcurrencyStampLength);
/**
 * An update's stamp: the one the caller read, checked against the row's. ABP 5+ skips the check
 * when it is null or absent (`SetConcurrencyStampIfNotNull`), and so do we; ABP 4.4's tenant
 * update had no stamp at all.
 */
export const UpdateConcurrencyStamp = ConcurrencyStamp.nullish();
