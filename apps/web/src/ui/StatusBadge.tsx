import type { ReactNode } from 'react';
import './status-badge.css';

/**
 * What a status means to the reader: under way (info), waiting on someone or worth a second look (attention), done
 * well (success), gone wrong (danger), or closed with nothing more to it (neutral).
 */
export type StatusTone = 'neutral' | 'info' | 'attention' | 'success' | 'danger';

/**
 * A status as a small pill (a deposit, a withdrawal, a lottery ticket, where a game's draws come from), coloured by
 * its tone; an icon may lead its text.
 */
export function StatusBadge({
  tone,
  className,
  children,
}: {
  tone: StatusTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`status-badge status-badge--${tone}${className ? ` ${className}` : ''}`}>
      {children}
    </span>
  );
}
