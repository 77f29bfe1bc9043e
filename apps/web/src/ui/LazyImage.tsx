import { IMAGE_LAZY_LOADING } from '@tessera/contract';
import { type ImgHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';

/** Addresses that have loaded once, newest last (§9: a cache of 200 images); they show without waiting. */
const loaded = new Set<string>();

function remember(src: string): void {
  loaded.delete(src);
  loaded.add(src);
  if (loaded.size > IMAGE_LAZY_LOADING.cacheSize) {
    const oldest = loaded.values().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

/** How far below the fold an image starts loading: §9 preLoad 1.3 is 1.3 screen heights from the top. */
function preloadMargin(): number {
  return Math.round(window.innerHeight * (IMAGE_LAZY_LOADING.preLoad - 1));
}

/** Waits between attempts of a failing image. */
const RETRY_DELAY_MS = 1000;

interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'loading'> {
  src: string;
  alt: string;
  /** Shown when the image cannot be loaded after every attempt (nothing by default). */
  fallback?: ReactNode;
}

/**
 * An image that loads when it comes near the screen (§9 image lazy-loading): preload 1.3 screens, watched by an
 * IntersectionObserver (where a browser has none, the image loads at once), 3 attempts for a failing image, and a
 * cache of the last 200 loaded addresses. Until then a placeholder of the image's class and size holds its room.
 */
export function LazyImage({ src, alt, fallback = null, onLoad, onError, ...rest }: LazyImageProps) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [retryPending, setRetryPending] = useState(false);
  const [nearSrc, setNearSrc] = useState<string | null>(null);
  const placeholder = useRef<HTMLSpanElement>(null);
  const near = nearSrc === src || loaded.has(src);

  // A new address starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when src changes
  useEffect(() => {
    setAttempt(0);
    setFailed(false);
  }, [src]);

  useEffect(() => {
    if (!retryPending) return;
    const timer = window.setTimeout(() => {
      setRetryPending(false);
      setAttempt((value) => value + 1);
    }, RETRY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [retryPending]);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNearSrc(src);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNearSrc(src);
      },
      { rootMargin: `${preloadMargin()}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, src]);

  if (!src || failed) return <>{fallback}</>;
  if (!near) {
    return (
      <span
        ref={placeholder}
        className={rest.className}
        style={{ display: 'inline-block', width: rest.width, height: rest.height }}
      />
    );
  }
  return (
    <img
      // Each attempt is a new element, so the browser asks for the image again.
      key={`${src}#${attempt}`}
      src={src}
      alt={alt}
      onLoad={(event) => {
        remember(src);
        onLoad?.(event);
      }}
      onError={(event) => {
        if (attempt + 1 < IMAGE_LAZY_LOADING.attempts) setRetryPending(true);
        else {
          setFailed(true);
          onError?.(event);
        }
      }}
      {...rest}
    />
  );
}
