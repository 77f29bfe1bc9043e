import type { GameMenu, GameType } from '@tessera/contract';
import { FB_VENDOR } from '@tessera/contract';
import { ScrollButton } from '@tessera/ui';
import { type MouseEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import {
  ArrowRightIcon,
  DownloadIcon,
  FlameIcon,
  GAME_TYPE_ICONS,
  GiftIcon,
  HeadsetIcon,
  HelpIcon,
  HomeIcon,
} from '../../ui/icons.tsx';
import { LazyImage } from '../../ui/index.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { isFbGameOpen, useFbBusy } from '../game/launch.ts';
import { dropdownVendors, GAME_TYPE_ORDER, GAME_TYPE_PATHS, useGameMenus, vendorPath } from './gameMenus.ts';

/** The game type's name: the operator's title from the game menus, else the bundle's. */
export function useGameTypeName() {
  const { t } = useTranslation();
  return (gameType: GameType, title?: string) => title || t(`gameTypes.${gameType}`);
}

export function HotMark() {
  const { t } = useTranslation();
  return (
    <span className="hot-mark" role="img" aria-label={t('header.hot')} title={t('header.hot')}>
      <FlameIcon />
    </span>
  );
}

function VendorInitials({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2);
  return (
    <span className="vendor-card__icon vendor-card__icon--initials" aria-hidden="true">
      {initials}
    </span>
  );
}

/** One game type of the header: its lobby link and, on hover or focus, a drop-down of up to 6 vendors. */
function GameTypeItem({ gameType, menu }: { gameType: GameType; menu?: GameMenu }) {
  const { t } = useTranslation();
  const nameOf = useGameTypeName();
  const name = nameOf(gameType, menu?.title);
  const path = GAME_TYPE_PATHS[gameType];
  const Icon = GAME_TYPE_ICONS[gameType];
  const vendors = menu ? dropdownVendors(menu) : [];
  const fbBusy = useFbBusy();
  /** FB's book opens once: while it is open, its link warns on the home route and goes home elsewhere (§4). */
  const guardFb = (event: MouseEvent) => {
    if (!isFbGameOpen()) return;
    event.preventDefault();
    fbBusy();
  };

  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  /** Opened from the keyboard: only then are the vendors in the tab order, so Tab goes from type to type. */
  const [open, setOpen] = useState(false);
  // In the commit that opens the list, so the next key press already lands on its first vendor.
  useLayoutEffect(() => {
    if (open) listRef.current?.querySelector('a')?.focus();
  }, [open]);
  const tabIndex = open ? 0 : -1;

  return (
    <li
      className={vendors.length > 0 ? 'site-nav__item has-dropdown' : 'site-nav__item'}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          linkRef.current?.focus();
        }
      }}
    >
      <NavLink
        ref={linkRef}
        to={path}
        className="site-nav__link"
        aria-describedby={vendors.length > 0 ? hintId : undefined}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && vendors.length > 0) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {Icon ? <Icon /> : null}
        {name}
      </NavLink>
      {vendors.length > 0 ? (
        <div className="nav-dropdown">
          <span id={hintId} className="visually-hidden">
            {t('header.vendorsHint')}
          </span>
          <div className="container nav-dropdown__inner">
            <ul ref={listRef} className="nav-dropdown__list" aria-label={t('header.vendorsOf', { name })}>
              {vendors.map((vendor) => (
                <li key={vendor.vassalage}>
                  <Link
                    to={vendorPath(vendor)}
                    className="vendor-card"
                    tabIndex={tabIndex}
                    onClick={vendor.vassalage === FB_VENDOR ? guardFb : undefined}
                  >
                    <LazyImage
                      className="vendor-card__icon"
                      src={vendor.smallIcon}
                      alt=""
                      width={56}
                      height={56}
                      fallback={<VendorInitials name={vendor.displayName} />}
                    />
                    <span className="vendor-card__name">{vendor.displayName}</span>
                    {vendor.isHot === 1 ? <HotMark /> : null}
                  </Link>
                </li>
              ))}
            </ul>
            <Link
              to={path}
              className="nav-dropdown__more"
              tabIndex={tabIndex}
              aria-label={t('header.moreOf', { name })}
            >
              {t('header.more')}
              <ArrowRightIcon />
            </Link>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Which ends of a scrolling row have more beyond them. */
interface Overflow {
  before: boolean;
  after: boolean;
}

/**
 * Follows whether a scrolling list has more before or after what shows, as it scrolls, resizes or its items
 * change (the game menus load, the language changes the names' widths).
 */
function useOverflow(list: HTMLUListElement | null): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });
  useEffect(() => {
    if (!list) return;
    const measure = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setOverflow((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resizes = new ResizeObserver(measure);
    resizes.observe(list);
    const observeItems = () => {
      for (const item of Array.from(list.children)) resizes.observe(item);
    };
    observeItems();
    const mutations = new MutationObserver(() => {
      observeItems();
      measure();
    });
    mutations.observe(list, { childList: true });
    return () => {
      list.removeEventListener('scroll', measure);
      resizes.disconnect();
      mutations.disconnect();
    };
  }, [list]);
  return overflow;
}

/**
 * The header's main navigation (§2): Home, one item per game type from the game menus (the header order of
 * §1 until they answer) and promotions. Where the row is wider than the screen it scrolls: the side with more
 * fades out and gets an arrow button, and the current page's item is scrolled into view.
 */
export function MainNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: menus } = useGameMenus();
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const overflow = useOverflow(list);
  const items: { gameType: GameType; menu?: GameMenu }[] = menus
    ? menus.map((menu) => ({ gameType: menu.gameType, menu }))
    : GAME_TYPE_ORDER.map((gameType) => ({ gameType }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page or the menus change
  useEffect(() => {
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    // Centres the current page's item by scrolling the row alone (scrollIntoView would scroll the page too).
    const row = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    list.scrollLeft += item.left + item.width / 2 - (row.left + row.width / 2);
  }, [list, pathname, menus]);

  return (
    <nav className="site-nav" aria-label={t('header.mainNav')}>
      <div className="container site-nav__row">
        {overflow.before ? (
          <ScrollButton
            direction={-1}
            label={t('header.navBack')}
            scroller={() => list}
            step={0.7}
            className="site-nav__scroll"
          />
        ) : null}
        <ul
          ref={setList}
          className="site-nav__list"
          data-more-before={overflow.before || undefined}
          data-more-after={overflow.after || undefined}
        >
          <li className="site-nav__item">
            <NavLink to="/index" className="site-nav__link">
              <HomeIcon />
              {t('header.home')}
            </NavLink>
          </li>
          {items.map((item) => (
            <GameTypeItem key={item.gameType} gameType={item.gameType} menu={item.menu} />
          ))}
          <li className="site-nav__item">
            <NavLink to="/promotions" className="site-nav__link">
              <GiftIcon />
              {t('header.promotions')}
            </NavLink>
          </li>
        </ul>
        {overflow.after ? (
          <ScrollButton
            direction={1}
            label={t('header.navOn')}
            scroller={() => list}
            step={0.7}
            className="site-nav__scroll"
          />
        ) : null}
      </div>
    </nav>
  );
}

/** The header's other links (§2): download, help centre and customer service. */
export function SiteLinks() {
  const { t } = useTranslation();
  const customerService = useCustomerService({ ahead: false });
  return (
    <nav className="site-links" aria-label={t('header.siteLinks')}>
      <ul className="site-links__list">
        <li>
          <NavLink to="/down" className="site-links__link" title={t('header.download')}>
            <DownloadIcon />
            <span className="site-links__label">{t('header.download')}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/help" className="site-links__link" title={t('header.help')}>
            <HelpIcon />
            <span className="site-links__label">{t('header.help')}</span>
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className="site-links__link"
            title={t('status.customerService')}
            {...customerService.intent}
            onClick={customerService.open}
          >
            <HeadsetIcon />
            <span className="site-links__label">{t('status.customerService')}</span>
          </button>
        </li>
      </ul>
      {customerService.dialog}
    </nav>
  );
}
