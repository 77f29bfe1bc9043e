import type { ReactNode } from 'react';
import './status-badge.css';

/**
 * What a status means to the reader: under way (info), waiting on someone or worth a second look (attention), done
 * well (success), gone wrong (danger), or closed with nothing more to it (neutral).
 */
export type StatusTone = 'neutral' | 'info' | 'attention' | 'success' | 'danger';

/** A record's status as a small pill (a deposit, a withdrawal, a lottery ticket), coloured by its tone. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
