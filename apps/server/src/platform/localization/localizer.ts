import { rendersRightToLeft } from './culture-info.js';

export interface LocalizationResource {
  name: string;
  baseResources: string[];
  /** culture → key → text */
  texts: Record<string, Record<string, string>>;
}

/** ABP's mapping from an error code's namespace to the resource that holds its text. */
const errorCodeNamespaces: Record<string, string> = {
  'Volo.Abp.Identity': 'AbpIdentity',
  'Volo.Account': 'AbpAccount',
  'Volo.Abp.Account': 'AbpAccount',
  'Volo.Abp.TenantManagement': 'AbpTenantManagement',
  'Volo.Abp.PermissionManagement': 'AbpPermissionManagement',
  'Volo.Abp.FeatureManagement': 'AbpFeatureManagement',
  'Volo.Abp.SettingManagement': 'AbpSettingManagement',
  'Volo.Abp.MultiTenancy': 'AbpUiMultiTenancy',
};

export interface Localizer {
  readonly defaultCulture: string;
  readonly resourceNames: string[];
  /** `Resource::Key` or (resource, key); missing texts fall back to the default culture, then `en`, then the key. */
  text(resource: string, key: string, culture: string, data?: Record<string, unknown>): string;
  /**
   * {@link text} for a sentence a screen shows (an error, a validation message): in a
   * right-to-left culture each value is isolated from it (see {@link isolate}). Mail keeps `text`,
   * whose values may be links a mail client would have to find.
   */
  message(resource: string, key: string, culture: string, data?: Record<string, unknown>): string;
  /** Every text of every resource (inherited ones included) for a culture, as the app configuration lists them. */
  allTexts(culture: string): Record<string, Record<string, string>>;
  /** The {@link message} for an error code (`Volo.Abp.Identity:DuplicateUserName` or `Resource:Key`). */
  errorMessage(code: string, culture: string, data?: Record<string, unknown>): string | undefined;
}

export function createLocalizer(
  resources: LocalizationResource[],
  defaultCulture: string,
): Localizer {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const allTextsCache = new Map<string, Record<string, Record<string, string>>>();

  const cultureChain = (culture: string) => [...new Set([culture, defaultCulture, 'en'])];

  /** A resource's own text for one culture, else its base resources' (depth first). */
  function lookup(
    resourceName: string,
    key: string,
    culture: string,
    seen: Set<string>,
  ): string | undefined {
    const resource = byName.get(resourceName);
    if (!resource || seen.has(resourceName)) return undefined;
    seen.add(resourceName);
    const own = resource.texts[culture]?.[key];
    if (own !== undefined) return own;
    for (const base of resource.baseResources) {
      const inherited = lookup(base, key, culture, seen);
      if (inherited !== undefined) return inherited;
    }
    return undefined;
  }

  function find(resourceName: string, key: string, culture: string): string | undefined {
    for (const candidate of cultureChain(culture)) {
      const text = lookup(resourceName, key, candidate, new Set());
      if (text !== undefined) return text;
    }
    return undefined;
  }

  return {
    defaultCulture,
    resourceNames: [...byName.keys()],
    text(resource, key, culture, data) {
      return format(find(resource, key, culture) ?? key, data);
    },
    message(resource, key, culture, data) {
      return format(find(resource, key, culture) ?? key, data, valueWrapper(culture));
    },
    allTexts(culture) {
      const cached = allTextsCache.get(culture);
      if (cached) return cached;
      const result: Record<string, Record<string, string>> = {};
      for (const resource of byName.values()) {
        const keys = new Set<string>();
        const collect = (name: string, seen: Set<string>) => {
          const current = byName.get(name);
          if (!current || seen.has(name)) return;
          seen.add(name);
          for (const texts of Object.values(current.texts))
            for (const key of Object.keys(texts)) keys.add(key);
          for (const base of current.baseResources) collect(base, seen);
        };
        collect(resource.name, new Set());
        const values: Record<string, string> = {};
        for (const key of [...keys].sort()) values[key] = find(resource.name, key, culture) ?? key;
        result[resource.name] = values;
      }
      allTextsCache.set(culture, result);
      return result;
    },
    errorMessage(code, culture, data) {
      const separator = code.indexOf(':');
      if (separator < 0) return undefined;
      const namespace = code.slice(0, separator);
      const mapped = errorCodeNamespaces[namespace];
      const text = mapped
        ? find(mapped, code, culture)
        : find(namespace, code.slice(separator + 1), culture);
      return text === undefined ? undefined : format(text, data, valueWrapper(culture));
    },
  };
}

/** Fills `{0}`, `{1}` and `{Name}` placeholders; unknown ones stay as they are. */
export function format(
  text: string,
  data?: Record<string, unknown>,
  wrap: (value: string) => string = String,
): string {
  if (!data) return text;
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    data[name] === undefined || data[name] === null ? whole : wrap(String(data[name])),
  );
}

/**
 * A value in first-strong isolation (U+2068 … U+2069): laid out on its own, whatever its
 * direction, so that a Latin name ending in punctuation ("admin.") keeps its ends in an Arabic
 * sentence instead of trading them with the sentence around it. The web app does the same for
 * its own texts.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

const valueWrapper = (culture: string) => (rendersRightToLeft(culture) ? isolate : undefined);
