import { rightToLeftLanguages } from '@vineta/contracts/localization/cultures';

/** What ABP's application configuration tells a client about a culture (.NET's CultureInfo). */
interface CultureInfo {
  cultureName: string;
  name: string;
  displayName: string;
  englishName: string;
  nativeName: string;
  twoLetterIsoLanguageName: string;
  threeLetterIsoLanguageName: string;
  isRightToLeft: boolean;
  dateTimeFormat: {
    calendarAlgorithmType: 'SolarCalendar';
    dateTimeFormatLong: string;
    shortDatePattern: string;
    fullDateTimePattern: string;
    dateSeparator: string;
    shortTimePattern: string;
    longTimePattern: string;
  };
}

type CultureRow = [
  name: string,
  englishName: string,
  nativeName: string,
  twoLetter: string,
  threeLetter: string,
  shortDate: string,
  longDate: string,
  shortTime: string,
  longTime: string,
];

// .NET's patterns for each culture (Gregorian calendar for all, Arabic included).
const rows: CultureRow[] = [
  [
    'es-MX',
    'Spanish (Mexico)',
    'español (México)',
    'es',
    'spa',
    'dd/MM/yyyy',
    "dddd, d 'de' MMMM 'de' yyyy",
    'HH:mm',
    'HH:mm:ss',
  ],
  [
    'en',
    'English',
    'English',
    'en',
    'eng',
    'M/d/yyyy',
    'dddd, MMMM d, yyyy',
    'h:mm tt',
    'h:mm:ss tt',
  ],
  [
    'ar',
    'Arabic',
    'العربية',
    'ar',
    'ara',
    'dd/MM/yyyy',
    'dd MMMM, yyyy',
    'hh:mm tt',
    'hh:mm:ss tt',
  ],
  ['fr', 'French', 'français', 'fr', 'fra', 'dd/MM/yyyy', 'dddd d MMMM yyyy', 'HH:mm', 'HH:mm:ss'],
  ['de', 'German', 'Deutsch', 'de', 'deu', 'dd.MM.yyyy', 'dddd, d. MMMM yyyy', 'HH:mm', 'HH:mm:ss'],
  [
    'pt-BR',
    'Portuguese (Brazil)',
    'português (Brasil)',
    'pt',
    'por',
    'dd/MM/yyyy',
    "dddd, d 'de' MMMM 'de' yyyy",
    'HH:mm',
    'HH:mm:ss',
  ],
  ['tr', 'Turkish', 'Türkçe', 'tr', 'tur', 'd.MM.yyyy', 'd MMMM yyyy dddd', 'HH:mm', 'HH:mm:ss'],
  [
    'zh-Hans',
    'Chinese (Simplified)',
    '中文(简体)',
    'zh',
    'zho',
    'yyyy/M/d',
    "yyyy'年'M'月'd'日'",
    'H:mm',
    'H:mm:ss',
  ],
];

export const cultureInfos: ReadonlyMap<string, CultureInfo> = new Map(
  rows.map(
    ([name, englishName, nativeName, two, three, shortDate, longDate, shortTime, longTime]) => [
      name,
      {
        cultureName: name,
        name,
        displayName: nativeName,
        englishName,
        nativeName,
        twoLetterIsoLanguageName: two,
        threeLetterIsoLanguageName: three,
        isRightToLeft: rightToLeftLanguages.has(two),
        dateTimeFormat: {
          calendarAlgorithmType: 'SolarCalendar',
          dateTimeFormatLong: longDate,
          shortDatePattern: shortDate,
          fullDateTimePattern: `${longDate} ${longTime}`,
          dateSeparator: shortDate.replace(/[dMy]/g, '').charAt(0) || '/',
          shortTimePattern: shortTime,
          longTimePattern: longTime,
        },
      },
    ],
  ),
);

/** The display names the language menu shows (ABP's `LanguageInfo`). */
export function languageInfos(): {
  cultureName: string;
  uiCultureName: string;
  displayName: string;
  twoLetterISOLanguageName: string;
  flagIcon: string | null;
}[] {
  return [...cultureInfos.values()].map((culture) => ({
    cultureName: culture.cultureName,
    uiCultureName: culture.cultureName,
    displayName: culture.nativeName,
    twoLetterISOLanguageName: culture.twoLetterIsoLanguageName,
    flagIcon: null,
  }));
}

/**
 * The supported culture a requested name stands for: exact (case-insensitive), then by language
 * (`es` or `es-ES` → `es-MX`, `pt` → `pt-BR`, `zh-CN` → `zh-Hans`), else undefined.
 */
export function matchCulture(requested: string | undefined | null): string | undefined {
  if (!requested) return undefined;
  const wanted = requested.trim().toLowerCase();
  for (const name of cultureInfos.keys()) if (name.toLowerCase() === wanted) return name;
  const language = wanted.split(/[-_]/)[0];
  for (const culture of cultureInfos.values()) {
    if (culture.twoLetterIsoLanguageName === language) return culture.cultureName;
  }
  return undefined;
}

/**
 * Whether texts localized for `culture` read right to left: decided by the shipped culture it
 * falls back to (`fa` gets es-MX's texts, so left to right), unlike the contract's
 * `isRightToLeftCulture`, which judges the language alone.
 */
export function rendersRightToLeft(culture: string): boolean {
  return cultureInfos.get(matchCulture(culture) ?? '')?.isRightToLeft ?? false;
}
