import { useAppConfiguration } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { changeLanguage } from '#src/core/localization/language';
import { Dropdown } from '../dropdown/dropdown';
import { Icon } from '../icons/icon';

/** The current language and the others from the configuration. */
export function LanguageDropdown() {
  const localize = useLocalization();
  const { languages, currentCulture } = useAppConfiguration().localization;
  if (languages.length < 2) return null;
  const current =
    languages.find((language) => language.cultureName === currentCulture.cultureName)
      ?.displayName ?? currentCulture.displayName;
  return (
    <Dropdown
      ariaLabel={`${localize({ key: 'AbpUi::Language', defaultValue: 'Language' })}: ${current}`}
      label={
        <>
          <Icon name="globe" size={16} /> <span>{current}</span>
        </>
      }
    >
      {(close) =>
        languages
          .filter((language) => language.cultureName !== currentCulture.cultureName)
          .map((language) => (
            <button
              key={language.cultureName}
              type="button"
              className="dropdown-item"
              lang={language.cultureName}
              onClick={() => {
                close();
                // A configuration that fails to load has been told by the HTTP layer already
                // (the 401 dialog, say); nothing is left to do with its rejection here.
                changeLanguage(language.cultureName).catch(() => undefined);
              }}
            >
              {language.displayName}
            </button>
          ))
      }
    </Dropdown>
  );
}
