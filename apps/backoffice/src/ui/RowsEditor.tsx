import type { ReactNode } from 'react';
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  useFieldArray,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, RowButton } from './Button.tsx';
import { Icon } from './Icon.tsx';

interface RowsEditorProps<Values extends FieldValues, Name extends ArrayPath<Values>, Output> {
  control: Control<Values, unknown, Output>;
  /** The form's array the rows edit (react-hook-form's useFieldArray). */
  name: Name;
  /** The fields of row `index` (registered by the caller under `${name}.${index}`). */
  children: (index: number) => ReactNode;
  /** A new row's values. */
  empty: () => FieldArray<Values, Name>;
  addLabel: string;
  /** The delete button's accessible name for row `index`. */
  removeLabel: (index: number) => string;
  /** Fewest and most rows: Delete and Add are disabled at them. */
  min?: number;
  max: number;
  /** Each row's class (its grid of fields). */
  rowClassName: string;
  /** With a legend, the rows are a fieldset of that class; without, they go into the caller's own. */
  legend?: ReactNode;
  className?: string;
  /** A message about the rows as a whole (their order, a missing one), above them. */
  problem?: ReactNode;
}

/**
 * The console's editor of a form's list of rows (milestones, prizes, tiers, rules): each row's fields with a Delete
 * button, and an Add button below, within the form's limits.
 */
export function RowsEditor<Values extends FieldValues, Name extends ArrayPath<Values>, Output>({
  control,
  name,
  children,
  empty,
  addLabel,
  removeLabel,
  min = 0,
  max,
  rowClassName,
  legend,
  className = 'stack',
  problem,
}: RowsEditorProps<Values, Name, Output>) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name });
  const content = (
    <>
      {problem ? <p className="field-error">{problem}</p> : null}
      {rows.fields.map((field, index) => (
        <div key={field.id} className={rowClassName}>
          {children(index)}
          <RowButton
            icon="trash"
            aria-label={removeLabel(index)}
            disabled={rows.fields.length <= min}
            onClick={() => rows.remove(index)}
          >
            {t('common.delete')}
          </RowButton>
        </div>
      ))}
      <div>
        <Button
          icon={<Icon name="plus" />}
          disabled={rows.fields.length >= max}
          onClick={() => rows.append(empty())}
        >
          {addLabel}
        </Button>
      </div>
    </>
  );
  if (legend === undefined) return content;
  return (
    <fieldset className={className}>
      <legend className="cell-strong">{legend}</legend>
      {content}
    </fieldset>
  );
}
