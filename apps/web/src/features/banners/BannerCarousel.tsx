import { BANNER_AUTOPLAY_MS, type Banner, isSiteLink, PHONE_MAX_WIDTH } from '@tessera/contract';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PauseIcon, ResumeIcon } from '../../ui/icons.tsx';
import { useBanners } from './queries.ts';
import './banners.css';

function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  if (banner.linkageType === 'INTERNAL' && banner.linkUrl.startsWith('/') && isSiteLink(banner.linkUrl)) {
    return (
      <Link to={banner.linkUrl} className="banners__link">
        {children}
      </Link>
    );
  }
  if (
    banner.linkageType === 'EXTERNAL' &&
    /^https?:\/\//i.test(banner.linkUrl) &&
    isSiteLink(banner.linkUrl)
  ) {
    return (
      <a href={banner.linkUrl} target="_blank" rel="noopener noreferrer" className="banners__link">
        {children}
      </a>
    );
  }
  return <div className="banners__link">{children}</div>;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(listener: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the person asked for reduced motion, following the setting as it changes. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The banner carousel of one group (§2 banners): nothing without banners; with more than one it advances
 * every 5 s and has a dot per banner and a pause button. Under reduced motion it does not advance by itself
 * (the button starts it). While the banners load, a placeholder holds their room, so nothing below moves when
 * they arrive (issue 15). Mount it with a key per path so it is rebuilt when the path changes.
 */
export function BannerCarousel({ groupName }: { groupName: string }) {
  const { t } = useTranslation();
  const { data: banners = [], isPending } = useBanners(groupName);
  const [selected, setSelected] = useState(0);
  // Changing it restarts the autoplay timer, so a chosen banner stays its full time.
  const [cycle, setCycle] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // The person's own choice with the pause button; until then, reduced motion decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const count = banners.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `cycle` restarts the timer on purpose
  useEffect(() => {
    if (count < 2 || !playing) return;
    const timer = window.setInterval(() => setSelected((index) => (index + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, cycle, playing]);

  if (isPending) {
    return (
      <section className="banners banners--loading" aria-label={t('banners.label')} aria-busy="true">
        <div className="banners__viewport">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      </section>
    );
  }
  if (count === 0) return null;
  const active = selected % count;

  return (
    <section className="banners" aria-roledescription="carousel" aria-label={t('banners.label')}>
      <div className="banners__viewport" aria-live={playing ? 'off' : 'polite'}>
        {banners.map((banner, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel slide pattern (WAI-ARIA APG) is a group, not a fieldset
          <div
            key={banner.bannerId}
            className={index === active ? 'banners__slide is-active' : 'banners__slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={t('banners.slide', { index: index + 1, count })}
            aria-hidden={index !== active}
          >
            <BannerLink banner={banner}>
              {/* A phone-sized screen gets the banner's phone image when it has one (issue 15). */}
              <picture>
                {banner.phoneUrl ? (
                  <source media={`(max-width: ${PHONE_MAX_WIDTH}px)`} srcSet={banner.phoneUrl} />
                ) : null}
                <img
                  className="banners__image"
                  src={banner.url}
                  alt={banner.title}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  draggable={false}
                />
              </picture>
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="banners__controls">
          <button
            type="button"
            className="banners__play"
            aria-label={playing ? t('banners.pause') : t('banners.play')}
            onClick={() => {
              setPlayChoice(!playing);
              setCycle((value) => value + 1);
            }}
          >
            {playing ? <PauseIcon /> : <ResumeIcon />}
          </button>
          <div className="banners__dots">
            {banners.map((banner, index) => (
              <button
                key={banner.bannerId}
                type="button"
                className="banners__dot"
                aria-label={t('banners.goTo', { index: index + 1 })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => {
                  setSelected(index);
                  setCycle((value) => value + 1);
                }}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
