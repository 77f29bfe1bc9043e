import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../../ui/icons.tsx';
import { setTheme, useTheme } from '../../ui/theme.ts';
import './header.css';

/** The light/dark switch (§2 header); the choice is kept in local storage. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dark = useTheme() === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={t('header.darkTheme')}
      className="theme-switch"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <span className="theme-switch__track" aria-hidden="true">
        <span className="theme-switch__thumb">{dark ? <MoonIcon /> : <SunIcon />}</span>
      </span>
    </button>
  );
}
