import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand, ConsoleLanguageSelect } from '../../app/Brand.tsx';

/** The card of the sign-in and setup pages; `children` are the fields and buttons of its form. */
export function AuthShell({
  title,
  subtitle,
  onSubmit,
  children,
}: {
  title: string;
  subtitle: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Brand />
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
        <div className="auth-footer">
          <span>{t('auth.footer')}</span>
          <ConsoleLanguageSelect id="auth-language" />
        </div>
      </main>
    </div>
  );
}
