import type { LocalizableText } from '../authorization/permission-definitions.js';

export interface SettingDefinition {
  name: string;
  defaultValue: string | null;
  displayName?: LocalizableText;
  /** Listed in `setting.values` of the application configuration. */
  isVisibleToClients: boolean;
  /** Stored encrypted, decrypted on read; never written to a log. */
  isEncrypted: boolean;
  /** Providers that may hold a value (`U`, `T`, `G`, `C`, `D`); empty means all. */
  providers: string[];
}

export type SettingDefinitionInput = Partial<Omit<SettingDefinition, 'name'>> & { name: string };

export class SettingRegistry {
  readonly #byName = new Map<string, SettingDefinition>();

  constructor(definitions: SettingDefinitionInput[]) {
    for (const input of definitions) {
      if (this.#byName.has(input.name)) throw new Error(`Setting defined twice: ${input.name}`);
      this.#byName.set(input.name, {
        defaultValue: null,
        isVisibleToClients: false,
        isEncrypted: false,
        providers: [],
        ...input,
      });
    }
  }

  get(name: string): SettingDefinition | undefined {
    return this.#byName.get(name);
  }

  all(): SettingDefinition[] {
    return [...this.#byName.values()];
  }
}
