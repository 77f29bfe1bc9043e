import type { ComponentType, ReactNode } from 'react';
import './page-hero.css';

interface PageHeroProps {
  /** The category's icon, when it has one. */
  icon?: ComponentType | undefined;
  eyebrow: string;
  title: string;
  lead?: string | null | undefined;
  /** Controls beside the title (a mode switch). */
  children?: ReactNode;
}

/** The head of a lobby page: the category's icon, an eyebrow, the page's title (its h1) and a lead line. */
export function PageHero({ icon: Icon, eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <header className="page-hero">
      <span className="page-hero__icon">{Icon ? <Icon /> : null}</span>
      <div className="page-hero__text">
        <p className="page-hero__eyebrow">{eyebrow}</p>
        <h1 className="page-hero__title">{title}</h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
      </div>
      {children}
    </header>
  );
}
