import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

export type Tone = 'info' | 'success' | 'warning' | 'error';

export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={tone === 'success' ? 'check' : tone === 'info' ? 'info' : 'alert'} />
      <div className="alert-content">
        {title ? <p className="alert-title">{title}</p> : null}
        {children ? <div className="alert-body">{children}</div> : null}
      </div>
    </div>
  );
}
