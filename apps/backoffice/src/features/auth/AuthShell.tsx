import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConsoleLanguage, LANGUAGES, setLanguage } from '../../i18n/index.ts';

export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="auth-page">
      <main className="auth-card">
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
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        {children}
        <div className="auth-footer">
          <span>{t('auth.footer')}</span>
          <div className="select-wrap">
            <label className="sr-only" htmlFor="auth-language">
              {t('layout.language')}
            </label>
            <select
              id="auth-language"
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
        </div>
      </main>
    </div>
  );
}
