import { type ReactNode, useId } from 'react';
import { BrandMark } from '../header/BrandMark.tsx';
import { LanguageSelector } from '../header/LanguageSelector.tsx';
import { ThemeSwitch } from '../header/ThemeSwitch.tsx';
import './status.css';
import { DocumentTitle } from '../../ui/index.ts';

interface StatusScreenProps {
  tone: 'maintenance' | 'blocked' | 'error';
  icon: ReactNode;
  eyebrow: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** The full-page shell shared by the system status screens (§2): brand, a card with a title, text and actions. */
export function StatusScreen({ tone, icon, eyebrow, title, children, actions }: StatusScreenProps) {
  const titleId = useId();
  return (
    <div className={`status-screen status-screen--${tone}`}>
      <DocumentTitle>{title}</DocumentTitle>
      <header className="status-screen__top">
        <BrandMark />
        <div className="status-screen__tools">
          <LanguageSelector />
          <ThemeSwitch />
        </div>
      </header>
      <main className="status-screen__main">
        <section className="status-card" aria-labelledby={titleId}>
          <div className="status-card__icon">{icon}</div>
          <p className="status-card__eyebrow">{eyebrow}</p>
          <h1 id={titleId} className="status-card__title">
            {title}
          </h1>
          <div className="status-card__body">{children}</div>
          <div className="status-card__actions">{actions}</div>
        </section>
      </main>
    </div>
  );
}
