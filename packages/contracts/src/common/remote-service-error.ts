import { z } from 'zod';

/** Response header ABP adds to every error body it writes (`AbpHttpConsts.AbpErrorFormat`). */
export const abpErrorFormatHeader = '_AbpErrorFormat';

/** One validation failure; `members` are camel-cased property paths (`userName`). */
export const RemoteServiceValidationErrorInfo = z
  .object({ message: z.string(), members: z.array(z.string()) })
  .meta({ id: 'RemoteServiceValidationErrorInfo' });
export type RemoteServiceValidationErrorInfo = z.infer<typeof RemoteServiceValidationErrorInfo>;

/** ABP's `RemoteServiceErrorInfo`: every key is always written, absent values are `null`. */
export const RemoteServiceErrorInfo = z
  .object({
    code: z.string().nullable(),
    message: z.string(),
    details: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    validationErrors: z.array(RemoteServiceValidationErrorInfo).nullable(),
  })
  .meta({ id: 'RemoteServiceErrorInfo' });
export type RemoteServiceErrorInfo = z.infer<typeof RemoteServiceErrorInfo>;

/** The body of every failed call: `{ error: RemoteServiceErrorInfo }`. */
export const RemoteServiceErrorResponse = z
  .object({ error: RemoteServiceErrorInfo })
  .meta({ id: 'RemoteServiceErrorResponse' });
export type RemoteServiceErrorResponse = z.infer<typeof RemoteServiceErrorResponse>;
