import { Link } from 'react-router';
import { BrandMark } from './BrandMark.tsx';
import { LanguageSelector } from './LanguageSelector.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import './header.css';

/** The site header (§2): logo to /index, language selector and theme switch. */
export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/index" className="site-header__brand">
          <BrandMark />
        </Link>
        <div className="site-header__actions">
          <LanguageSelector />
          <ThemeSwitch />
        </div>
      </div>
    </header>
  );
}
