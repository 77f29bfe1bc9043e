import { ScrollButton } from '@tessera/ui';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './form.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  icon?: ReactNode;
}

interface TabsProps<K extends string> {
  /** Names the tab list. */
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  /** Names of the arrows that scroll a long tab list by a screenful; without them the list has none. */
  scrollArrows?: { previous: string; next: string } | undefined;
}

/**
 * Tabs (WAI-ARIA tabs pattern): a tab list whose arrow, Home and End keys move between tabs, and the panel of
 * the selected one, named by its tab.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  scrollArrows,
}: TabsProps<K>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus();
  }

  const arrow = (direction: -1 | 1) =>
    scrollArrows && tabs.length > 1 ? (
      <ScrollButton
        direction={direction}
        label={direction < 0 ? scrollArrows.previous : scrollArrows.next}
        scroller={() => listRef.current}
        className="tabs__arrow"
      />
    ) : null;

  return (
    <div className={scrollArrows ? 'tabs tabs--scrolling' : 'tabs'}>
      {arrow(-1)}
      {tabs.length > 1 ? (
        <div ref={listRef} className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={tab.key === selected}
              aria-controls={panelId}
              tabIndex={tab.key === selected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.icon}
              {tab.label}
            </button>
          ))}
        </div>
      ) : null}
      {arrow(1)}
      {tabs.length > 1 ? (
        <div id={panelId} className="tabs__panel" role="tabpanel" aria-labelledby={tabId(selected)}>
          {children}
        </div>
      ) : (
        <div className="tabs__panel">{children}</div>
      )}
    </div>
  );
}
