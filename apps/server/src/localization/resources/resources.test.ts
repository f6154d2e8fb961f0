import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultCulture, supportedCultures } from '@vineta/contracts/localization/cultures';
import { describe, expect, it } from 'vitest';
import { localizationResources } from './resources.js';

const resourcesDir = fileURLToPath(new URL('.', import.meta.url));
const resourceFolders = readdirSync(resourcesDir).filter((entry) =>
  statSync(join(resourcesDir, entry)).isDirectory(),
);

/** `{0}`, `{1}`, `{requiredLength}`… and DataTables' `_START_`-style tokens, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{[^{}\s]+\}|_[A-Z]+_/g)].map((match) => match[0]).sort();
}

function resource(name: string) {
  const found = localizationResources.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`resource ${name} is not registered`);
  return found;
}

describe('localization resources', () => {
  it('registers every resource folder once, and only those', () => {
    const names = localizationResources.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...resourceFolders].sort());
  });

  it('has es-MX as the default culture, first in the list', () => {
    expect(defaultCulture).toBe('es-MX');
    expect(supportedCultures[0]).toBe('es-MX');
  });

  it('inherits only from registered resources, without cycles', () => {
    const visit = (name: string, path: string[]): void => {
      expect(path, `cycle: ${[...path, name].join(' → ')}`).not.toContain(name);
      for (const base of resource(name).baseResources) visit(base, [...path, name]);
    };
    for (const definition of localizationResources) visit(definition.name, []);
  });

  describe.each(localizationResources.map((definition) => [definition.name, definition] as const))(
    '%s',
    (name, definition) => {
      const english = definition.texts.en ?? {};
      const englishKeys = Object.keys(english);

      it('has every supported culture, and only those', () => {
        expect(Object.keys(definition.texts).sort()).toEqual([...supportedCultures].sort());
        expect(englishKeys.length).toBeGreaterThan(0);
      });

      it.each(supportedCultures)('%s has exactly the keys of en, in the same order', (culture) => {
        const keys = Object.keys(definition.texts[culture] ?? {});
        const missing = englishKeys.filter((key) => !keys.includes(key));
        const extra = keys.filter((key) => !englishKeys.includes(key));
        expect({ missing, extra }, `${name}/${culture}`).toEqual({ missing: [], extra: [] });
        expect(keys, `${name}/${culture}: key order differs from en`).toEqual(englishKeys);
      });

      it.each(supportedCultures)('%s has a non-empty text for every key', (culture) => {
        const empty = Object.entries(definition.texts[culture] ?? {})
          .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
          .map(([key]) => key);
        expect(empty, `${name}/${culture}: empty texts`).toEqual([]);
      });

      it.each(supportedCultures)('%s keeps the placeholders of en', (culture) => {
        const texts = definition.texts[culture] ?? {};
        const different = englishKeys
          .filter((key) => texts[key] !== undefined)
          .filter(
            (key) =>
              placeholders(texts[key] ?? '').join() !== placeholders(english[key] ?? '').join(),
          )
          .map(
            (key) =>
              `${key}: ${placeholders(texts[key] ?? '').join()} ≠ ${placeholders(english[key] ?? '').join()}`,
          );
        expect(different, `${name}/${culture}: placeholders differ from en`).toEqual([]);
      });
    },
  );

  describe.each(resourceFolders)('files of %s', (folder) => {
    const files = readdirSync(join(resourcesDir, folder));

    it('has one JSON file per supported culture, and nothing else', () => {
      expect([...files].sort()).toEqual(
        supportedCultures.map((culture) => `${culture}.json`).sort(),
      );
    });

    it.each(files)(
      '%s names its own culture and is formatted (2 spaces, final newline)',
      (file) => {
        const raw = readFileSync(join(resourcesDir, folder, file), 'utf8');
        const parsed = JSON.parse(raw) as { culture: unknown; texts: unknown };
        expect(Object.keys(parsed)).toEqual(['culture', 'texts']);
        expect(parsed.culture).toBe(file.replace(/\.json$/, ''));
        expect(raw).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
      },
    );
  });

  // Texts that SPEC.md and ABP-REFERENCE.md quote word for word.
  it.each([
    ['AbpAccount', 'InvalidUserNameOrPassword', 'Invalid username or password!'],
    ['AbpAccount', 'SelfRegistrationDisabledMessage', 'Self registration is disabled.'],
    ['AbpAccount', 'InvalidLoginRequest', 'Invalid login request'],
    ['AbpAccount', 'PasswordChangedMessage', 'Your password has been changed successfully.'],
    ['AbpAccount', 'PersonalSettingsSaved', 'Personal settings saved'],
    ['AbpAccount', 'YourPasswordIsSuccessfullyReset', 'Your password is successfully reset.'],
    ['AbpAccount', 'AreYouSureYouWantToCancelEditingWarningMessage', 'You have unsaved changes.'],
    ['AbpAccount', 'Volo.Account:InvalidEmailAddress', 'Can not find the given email address: {0}'],
    ['AbpValidation', 'ThisFieldIsRequired.', 'This field is required.'],
    ['AbpValidation', 'Validation:Email', 'Please enter a valid email address.'],
    [
      'AbpValidation',
      'Validation:MaxLength',
      'Max. {requiredLength} characters are allowed. (has {actualLength})',
    ],
    [
      'AbpValidation',
      'Validation:MinLength',
      'Min. {requiredLength} characters are required. (has {actualLength})',
    ],
    ['AbpValidation', 'Validation:Max', 'Max. value should be {max}. ({actual} entered)'],
    ['AbpValidation', 'Validation:Min', 'Min. value should be {min}. ({actual} entered)'],
    ['AbpValidation', 'Validation:Pattern', 'Invalid pattern. Please review your input.'],
    ['AbpValidation', 'Validation:PasswordMismatch', 'Passwords do not match.'],
    ['AbpValidation', 'Validation:PasswordRules', 'Password should include {description}.'],
    ['AbpUi', 'DefaultErrorMessage', 'An error has occurred!'],
    [
      'AbpUi',
      'DefaultErrorMessage401Detail',
      'You should be authenticated (sign in) in order to perform this operation.',
    ],
    [
      'AbpUi',
      'DefaultErrorMessage404Detail',
      'The resource requested could not found on the server.',
    ],
    ['AbpUi', 'DefaultErrorMessage500', 'Internal server error'],
    ['AbpUi', 'TypeToSearch', 'Type to search...'],
    ['AbpUi', 'Copyright', 'Copyright © 2021. All right reserved.'],
    ['AbpExceptionHandling', 'ValidationErrorMessage', 'Your request is not valid!'],
    ['AbpExceptionHandling', 'EntityNotFoundErrorMessage', 'There is no entity {0} with id = {1}!'],
    ['AbpIdentity', 'Volo.Abp.Identity:010006', 'Static roles can not be deleted.'],
    [
      'AbpIdentity',
      'Volo.Abp.Identity:ConcurrencyFailure',
      'Optimistic concurrency failure, object has been modified.',
    ],
    [
      'AbpIdentity',
      'RoleDeletionConfirmationMessage',
      "Role '{0}' will be deleted. Do you confirm that?",
    ],
    ['AbpTenantManagement', 'DisplayName:UseSharedDatabase', 'Use the Shared Database'],
    ['AbpPermissionManagement', 'SelectAllInAllTabs', 'Grant all permissions'],
    ['AbpFeatureManagement', 'NoFeatureFoundMessage', "There isn't any available feature."],
    ['AbpSettingManagement', 'SuccessfullySaved', 'Successfully saved'],
    ['Vineta', 'AppName', 'Viñeta'],
  ])('%s::%s is the quoted English text', (name, key, text) => {
    expect(resource(name).texts.en?.[key]).toBe(text);
  });

  it('names the administration menu "Administración" in es-MX', () => {
    expect(resource('AbpUiNavigation').texts['es-MX']?.['Menu:Administration']).toBe(
      'Administración',
    );
  });
});
