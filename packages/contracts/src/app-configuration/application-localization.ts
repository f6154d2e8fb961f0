import { z } from 'zod';

/** ABP's `NameValue` (entries of `languagesMap` / `languageFilesMap`). */
export const NameValue = z
  .object({ name: z.string(), value: z.string() })
  .meta({ id: 'NameValue' });
export type NameValue = z.infer<typeof NameValue>;

/** One selectable language (`Volo.Abp.Localization.LanguageInfo`). */
export const LanguageInfo = z
  .object({
    cultureName: z.string(),
    uiCultureName: z.string(),
    displayName: z.string(),
    twoLetterISOLanguageName: z.string().nullish(),
    flagIcon: z.string().nullable(),
  })
  .meta({ id: 'LanguageInfo' });
export type LanguageInfo = z.infer<typeof LanguageInfo>;

/** .NET date-time patterns of the current culture (`shortDatePattern` drives date display). */
export const DateTimeFormatDto = z
  .object({
    calendarAlgorithmType: z.string(),
    dateTimeFormatLong: z.string(),
    shortDatePattern: z.string(),
    fullDateTimePattern: z.string(),
    dateSeparator: z.string(),
    shortTimePattern: z.string(),
    longTimePattern: z.string(),
  })
  .meta({ id: 'DateTimeFormatDto' });
export type DateTimeFormatDto = z.infer<typeof DateTimeFormatDto>;

export const CurrentCultureDto = z
  .object({
    displayName: z.string(),
    englishName: z.string(),
    threeLetterIsoLanguageName: z.string(),
    twoLetterIsoLanguageName: z.string(),
    isRightToLeft: z.boolean(),
    cultureName: z.string(),
    name: z.string(),
    nativeName: z.string(),
    dateTimeFormat: DateTimeFormatDto,
  })
  .meta({ id: 'CurrentCultureDto' });
export type CurrentCultureDto = z.infer<typeof CurrentCultureDto>;

export const ApplicationLocalizationConfigurationDto = z
  .object({
    /** `{ [resourceName]: { [key]: text } }` for every resource, in the current culture. */
    values: z.record(z.string(), z.record(z.string(), z.string())),
    languages: z.array(LanguageInfo),
    currentCulture: CurrentCultureDto,
    defaultResourceName: z.string().nullable(),
    languagesMap: z.record(z.string(), z.array(NameValue)),
    languageFilesMap: z.record(z.string(), z.array(NameValue)),
  })
  .meta({ id: 'ApplicationLocalizationConfigurationDto' });
export type ApplicationLocalizationConfigurationDto = z.infer<
  typeof ApplicationLocalizationConfigurationDto
>;
