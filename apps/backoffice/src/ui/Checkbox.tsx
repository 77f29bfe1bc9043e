import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { classNames } from './classNames.ts';

export interface CheckboxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  error?: string;
  hideLabel?: boolean;
}

function Toggle({
  kind,
  label,
  checked,
  onChange,
  description,
  error,
  hideLabel,
  className,
  ...rest
}: CheckboxProps & { kind: 'checkbox' | 'switch' }) {
  const id = useId();
  const describedBy = error ? `${id}-error` : description ? `${id}-description` : undefined;
  return (
    <div className={classNames('toggle', `toggle-${kind}`, className)}>
      <input
        id={id}
        type="checkbox"
        role={kind === 'switch' ? 'switch' : undefined}
        className={kind === 'switch' ? 'switch-input' : 'checkbox-input'}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...rest}
      />
      <div className="toggle-text">
        <label htmlFor={id} className={hideLabel ? 'sr-only' : 'toggle-label'}>
          {label}
        </label>
        {description && !hideLabel ? (
          <p id={`${id}-description`} className="field-hint">
            {description}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function Checkbox(props: CheckboxProps) {
  return <Toggle kind="checkbox" {...props} />;
}

/** An on/off control: a checkbox exposed with the switch role. */
export function Switch(props: CheckboxProps) {
  return <Toggle kind="switch" {...props} />;
}
