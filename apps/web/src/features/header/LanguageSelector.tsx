import { useQueryClient } from '@tanstack/react-query';
import type { Language, LanguageCode } from '@tessera/contract';
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
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
 * The language selector (§2 header, §4 language change): a drop-down of the whitelabel's languages (the full
 * list of §1) with flag and name, opening on hover or click. English, Vietnamese and Chinese are translated;
 * the others show the interface in English, and their entry says so. A choice switches the bundle, stores
 * lang and hisLang, and refetches what the server answers in the current language.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: whitelabel } = useWhitelabel();
  const current = useSiteLanguage();
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  async function choose(code: LanguageCode, remember: boolean) {
    setOpen(false);
    try {
      await changeSiteLanguage(code, { remember });
      await queryClient.invalidateQueries();
    } catch {
      // The bundle could not be fetched; the site stays in its current language.
    }
  }

  // A first visit follows the whitelabel's default language until the visitor chooses one.
  const defaultLanguage = whitelabel?.defaultLanguage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the configured default changes
  useEffect(() => {
    if (defaultLanguage && !storedLanguage() && defaultLanguage !== getSiteLanguage()) {
      void choose(defaultLanguage, false);
    }
  }, [defaultLanguage]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const languages = whitelabel?.languages ?? [];
  if (languages.length === 0) return null;
  const active = languages.find((language) => language.code === current) ?? languages[0];
  if (!active) return null;

  function onPointerEnter(event: ReactPointerEvent) {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    if (!open) {
      openedByHover.current = true;
      setOpen(true);
    }
  }

  function onPointerLeave(event: ReactPointerEvent) {
    if (event.pointerType !== 'mouse') return;
    closeTimer.current = window.setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, HOVER_CLOSE_DELAY_MS);
  }

  function onButtonClick() {
    // A click right after the hover opened the menu keeps it open instead of toggling it shut. The ref is
    // read because the hover's state update may not have rendered yet when the click arrives.
    if (openedByHover.current) {
      openedByHover.current = false;
      setOpen(true);
      return;
    }
    setOpen((value) => !value);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opening is a mouse convenience; the button and Escape serve the keyboard
    <div
      className="lang"
      ref={rootRef}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className="lang__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.language', { name: active.nativeName })}
        onClick={onButtonClick}
      >
        <Flag language={active} />
        <span className="lang__current">{active.nativeName}</span>
        <ChevronDownIcon />
      </button>
      <div id={menuId} className="lang__menu" hidden={!open}>
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
                onClick={() => void choose(language.code, true)}
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
      </div>
    </div>
  );
}
