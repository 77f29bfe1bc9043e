import { useTranslation } from 'react-i18next';
import { type ConsoleLanguage, LANGUAGES, setLanguage } from '../i18n/index.ts';
import { classNames } from '../ui/classNames.ts';

/** The console's mark and name, atop the sidebar and the sign-in card. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <div className="brand">
      <span className="brand-mark" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </span>
      <span className="brand-text">
        <span className="brand-name">Tessera</span>
        <span className="brand-sub">{t('layout.console')}</span>
      </span>
    </div>
  );
}

/** The language of the console itself, in the top bar and under the sign-in card. */
export function ConsoleLanguageSelect({ id, className }: { id: string; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {t('layout.language')}
      </label>
      <div className={classNames('select-wrap', className)}>
        <select
          id={id}
          className="input select input-sm"
          value={i18n.language}
          onChange={(event) => setLanguage(event.target.value as ConsoleLanguage)}
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
