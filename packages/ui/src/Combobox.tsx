import { lazy, type ReactNode, Suspense } from 'react';
import type { ComboboxProps } from './ComboboxField.tsx';

export type { ComboboxProps } from './ComboboxField.tsx';

const ComboboxField = lazy(() =>
  import('./ComboboxField.tsx').then((module) => ({ default: module.ComboboxField })),
) as <T>(props: ComboboxProps<T>) => ReactNode;

/**
 * A combobox (ComboboxField.tsx, on React Aria's ComboBox). React Aria's code is fetched when a combobox first
 * shows, so that a form without one (the sign-in by name and password) does not download it; meanwhile the
 * frame shows the chosen item, in the same place and size.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { items, itemKey, itemText, selectedKey, classNames, start, end, size, label } = props;
  const selected = items.find((item) => itemKey(item) === selectedKey);
  const waiting = (
    <div className={classNames.root}>
      {start}
      <input
        className={classNames.input}
        aria-label={label}
        value={selected ? itemText(selected) : ''}
        size={size}
        readOnly
        disabled
      />
      {end}
    </div>
  );
  return (
    <Suspense fallback={waiting}>
      <ComboboxField {...props} />
    </Suspense>
  );
}
