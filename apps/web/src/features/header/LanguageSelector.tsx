import { useQueryClient } from '@tanstack/react-query';
import type { Language, LanguageCode } from '@tessera/contract';
import { Popover } from '@tessera/ui/popover';
import { type MouseEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSiteLanguage } from '../../i18n/index.ts';
import { getSiteLanguage, localeOf, storedLanguage, useSiteLanguage } from '../../i18n/language.ts';
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons.tsx';
import { LazyImage } from '../../ui/index.ts';
import { useWhitelabel } from '../site/queries.ts';
import './header.css';

const HOVER_CLOSE_DELAY_MS = 150;

function Flag({ language }: { language: Pick<Language, 'flagUrl'> }) {
  if (!language.flagUrl) return <GlobeIcon />;
  return <LazyImage className="lang__flag" src={language.flagUrl} alt="" width={22} height={16} />;
}

/**
 * Switches the site's language (bundle, stored choice when `remember`), then refetches what the server answers
 * in the current language.
 */
function useChangeLanguage() {
  const queryClient = useQueryClient();
  return async (code: LanguageCode, remember: boolean) => {
    try {
      await changeSiteLanguage(code, { remember });
      await queryClient.invalidateQueries();
    } catch {
      // The bundle could not be fetched; the site stays in its current language.
    }
  };
}

/**
 * A first visit follows the whitelabel's default language until the visitor chooses one. The header runs it
 * where it offers the language selector (on a phone the selector sits in the drawer, which is not always open).
 */
export function useDefaultLanguage(enabled: boolean) {
  const { data: whitelabel } = useWhitelabel();
  const changeLanguage = useChangeLanguage();
  const defaultLanguage = enabled ? whitelabel?.defaultLanguage : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the configured default changes
  useEffect(() => {
    if (defaultLanguage && !storedLanguage() && defaultLanguage !== getSiteLanguage()) {
      void changeLanguage(defaultLanguage, false);
    }
  }, [defaultLanguage]);
}

/**
 * The language selector (§2 header, §4 language change): a drop-down of the whitelabel's languages (the full
 * list of §1) with flag and name, opening on hover or click (the kit's Popover, which keeps it on the screen).
 * English, Vietnamese and Chinese are translated; the others show the interface in English, and their entry
 * says so. A choice switches the bundle, stores lang and hisLang, and refetches what the server answers in the
 * current language. Placed `inline` (the phone's account drawer), the list is a disclosure: it opens in the flow
 * below the button, on click only.
 */
export function LanguageSelector({ placement = 'dropdown' }: { placement?: 'dropdown' | 'inline' }) {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const current = useSiteLanguage();
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const inline = placement === 'inline';

  const changeLanguage = useChangeLanguage();

  function choose(code: LanguageCode) {
    setOpen(false);
    void changeLanguage(code, true);
  }

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // In the drawer the opened list scrolls up under its button, which shows as much of it as there is room for.
  useEffect(() => {
    if (!open || !inline) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    buttonRef.current?.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [open, inline]);

  const languages = whitelabel?.languages ?? [];
  if (languages.length === 0) return null;
  const active = languages.find((language) => language.code === current) ?? languages[0];
  if (!active) return null;

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    if (!open) {
      openedByHover.current = true;
      setOpen(true);
    }
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    closeTimer.current = window.setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, HOVER_CLOSE_DELAY_MS);
  }

  function onButtonClick(event: MouseEvent) {
    // A click right after the hover opened the menu keeps it open instead of toggling it shut. The ref is
    // read because the hover's state update may not have rendered yet when the click arrives.
    if (openedByHover.current) {
      openedByHover.current = false;
      event.preventDefault();
      setOpen(true);
    }
  }

  const name = t('header.language', { name: active.nativeName });
  const face = (
    <>
      <Flag language={active} />
      <span className="lang__current">{active.nativeName}</span>
      <ChevronDownIcon />
    </>
  );
  const list = (
    <ul
      className={languages.length > 6 ? 'lang__list lang__list--grid' : 'lang__list'}
      aria-label={t('header.languages')}
    >
      {languages.map((language) => (
        <li key={language.code}>
          <button
            type="button"
            className="lang__option"
            title={language.name}
            aria-current={language.code === current ? 'true' : undefined}
            data-autofocus={language.code === current ? true : undefined}
            onClick={() => choose(language.code)}
          >
            <Flag language={language} />
            <span className="lang__names">
              <span lang={localeOf(language.code)}>{language.nativeName}</span>
              {language.translated ? null : (
                <span className="lang__fallback">{t('header.englishFallback')}</span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );

  if (inline) {
    return (
      <div className="lang lang--inline">
        <button
          ref={buttonRef}
          type="button"
          className="lang__button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={name}
          onClick={() => setOpen((value) => !value)}
        >
          {face}
        </button>
        <div id={menuId} className="lang__menu" hidden={!open}>
          {list}
        </div>
      </div>
    );
  }
  return (
    <div className="lang" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      <Popover
        open={open}
        onOpenChange={(next) => {
          if (!next) openedByHover.current = false;
          setOpen(next);
        }}
        label={t('header.languages')}
        className="lang__menu"
        moveFocus={!openedByHover.current}
        trigger={{ className: 'lang__button', 'aria-label': name, onClick: onButtonClick, children: face }}
      >
        {list}
      </Popover>
    </div>
  );
}
