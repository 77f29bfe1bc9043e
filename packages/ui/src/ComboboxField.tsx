import { type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  type InputProps,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';

export interface ComboboxProps<T> {
  /** Names the field and its list (e2e and assistive technology find them by it). */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** What the field shows for the chosen item. */
  itemText: (item: T) => string;
  /** Whether an item stays in the list while the reader types `text`; by default its itemText contains it. */
  matches?: (item: T, text: string) => boolean;
  /** An entry of the list. */
  renderItem: (item: T) => ReactNode;
  /** Told each text the reader types (a list searched on the server follows it; pass `matches` keeping all). */
  onTextChange?: ((text: string) => void) | undefined;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  disabled?: boolean | undefined;
  /** Classes of the frame, of the field, of the list and of an entry. */
  classNames: { root: string; input: string; list: string; option: string };
  /** What sits in the frame before the field (a flag) and after it (a chevron). */
  start?: ReactNode;
  end?: ReactNode;
  /** The field's width in characters. */
  size?: number;
}

const contains = (text: string, typed: string) => text.toLowerCase().includes(typed.trim().toLowerCase());

/** The field, which also opens the list on a click when it already has focus. */
function Field(props: InputProps) {
  const state = useContext(ComboBoxStateContext);
  return <Input {...props} onClick={() => state?.open(null, 'manual')} />;
}

/**
 * The combobox on React Aria's ComboBox (fetched when a combobox first shows, see Combobox.tsx) (WAI-ARIA combobox pattern): the list shows when the field takes focus
 * or is clicked; typing filters it, the arrow keys move through it, Enter picks and Escape shuts the list
 * (only the list, not a dialog around it: see ModalDialog.tsx). The list is placed inside the combobox's own
 * frame, so that inside a modal dialog it stays in the dialog's layer.
 */
export function ComboboxField<T>({
  label,
  items,
  itemKey,
  itemText,
  matches,
  renderItem,
  onTextChange,
  selectedKey,
  onSelect,
  disabled,
  classNames,
  start,
  end,
  size,
}: ComboboxProps<T>) {
  // The list lines up with the whole frame (flag, field and chevron) and is placed inside it.
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const placeFrame = useCallback((element: HTMLDivElement | null) => {
    frameRef.current = element;
    setFrame(element);
  }, []);
  // What the reader has typed, or null while the field shows the chosen item.
  const [typed, setTyped] = useState<string | null>(null);
  const selected = items.find((item) => itemKey(item) === selectedKey);
  const shown = selected ? itemText(selected) : '';
  const filtering = typed !== null && typed !== shown;
  const keep = matches ?? ((item: T, text: string) => contains(itemText(item), text));
  const listed = filtering ? items.filter((item) => keep(item, typed)) : items;
  return (
    <ComboBox
      ref={placeFrame}
      className={classNames.root}
      aria-label={label}
      items={listed.map((item) => ({ id: itemKey(item), item }))}
      selectedKey={selectedKey}
      onSelectionChange={(key) => {
        setTyped(null);
        if (key !== null) onSelect(String(key));
      }}
      inputValue={typed ?? shown}
      onInputChange={(text) => {
        setTyped(text);
        onTextChange?.(text);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped(null);
      }}
      menuTrigger="focus"
      isDisabled={disabled}
      allowsEmptyCollection
    >
      {start}
      <Field className={classNames.input} size={size} />
      {end}
      {frame ? (
        <Popover UNSTABLE_portalContainer={frame} triggerRef={frameRef} placement="bottom start" offset={8}>
          <ListBox<{ id: string; item: T }> className={classNames.list} aria-label={label}>
            {({ item }) => (
              <ListBoxItem className={classNames.option} textValue={itemText(item)}>
                {renderItem(item)}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      ) : null}
    </ComboBox>
  );
}
