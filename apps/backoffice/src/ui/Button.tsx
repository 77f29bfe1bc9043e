import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { classNames } from './classNames.ts';
import { Icon, type IconName } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames('btn', `btn-${variant}`, size === 'sm' && 'btn-sm', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}

/** A small button in a table row: an icon and a short text, with an accessible name that says which row. */
export function RowButton({
  icon,
  ...rest
}: Omit<ButtonProps, 'icon' | 'size' | 'variant'> & { icon: IconName }) {
  return <Button size="sm" variant="ghost" icon={<Icon name={icon} size={14} />} {...rest} />;
}
