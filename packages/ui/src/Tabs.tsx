import * as RadixTabs from '@radix-ui/react-tabs';
import { type ReactNode, useRef } from 'react';
import { ScrollButton } from './ScrollButton.tsx';

interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  icon?: ReactNode;
  /** The tab's own panel; every one stays mounted (the others hidden), so what is typed in one survives. */
  panel?: ReactNode;
}

interface TabsProps<K extends string> {
  /** Names the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel, when the tabs carry none of their own. */
  children?: ReactNode;
  /** Names of the arrows that scroll a long tab list by a screenful; without them the list has none. */
  scrollArrows?: { previous: string; next: string } | undefined;
}

/**
 * Tabs on Radix's Tabs (WAI-ARIA tabs pattern, manual activation): the arrow keys, Home and End move between the
 * tabs, Enter or Space (or a click) selects one, and each panel is named by its tab. A single tab shows its panel
 * without a tab list. Manual, because a selection here often loads a list and writes the URL (one history entry
 * per arrow press otherwise), and because a tab may refuse it (a visitor's Favourites opens the login instead):
 * with automatic activation, the focus coming back to that tab from the login dialog selected it again, and a
 * click selected twice (on mouse down and on focus), pushing two history entries.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  scrollArrows,
}: TabsProps<K>) {
  const list = useRef<HTMLDivElement>(null);
  const own = tabs.some((tab) => tab.panel !== undefined);
  if (tabs.length <= 1) return <div className="tabs__panel">{own ? tabs[0]?.panel : children}</div>;
  const arrow = (direction: -1 | 1) =>
    scrollArrows ? (
      <ScrollButton
        direction={direction}
        label={direction < 0 ? scrollArrows.previous : scrollArrows.next}
        scroller={() => list.current}
        className="tabs__arrow"
      />
    ) : null;
  return (
    <RadixTabs.Root
      className={scrollArrows ? 'tabs tabs--scrolling' : 'tabs'}
      value={selected}
      onValueChange={(value) => onSelect(value as K)}
      activationMode="manual"
    >
      {arrow(-1)}
      <RadixTabs.List ref={list} className="tabs__list" aria-label={label} loop>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.key} value={tab.key} className="tabs__tab">
            {tab.icon}
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {arrow(1)}
      {own ? (
        tabs.map((tab) => (
          <RadixTabs.Content
            key={tab.key}
            value={tab.key}
            className="tabs__panel"
            forceMount
            hidden={tab.key !== selected}
          >
            {tab.panel}
          </RadixTabs.Content>
        ))
      ) : (
        <RadixTabs.Content value={selected} className="tabs__panel">
          {children}
        </RadixTabs.Content>
      )}
    </RadixTabs.Root>
  );
}
