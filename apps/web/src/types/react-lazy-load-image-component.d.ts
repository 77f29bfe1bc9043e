// The package ships no types; this covers the part the site uses (ui/LazyImage.tsx).
declare module 'react-lazy-load-image-component' {
  import type { ComponentType, ImgHTMLAttributes } from 'react';

  export interface LazyLoadImageProps extends ImgHTMLAttributes<HTMLImageElement> {
    threshold?: number;
    delayMethod?: 'throttle' | 'debounce';
    delayTime?: number;
    visibleByDefault?: boolean;
    useIntersectionObserver?: boolean;
    wrapperClassName?: string;
    effect?: string;
    placeholderSrc?: string;
  }

  export const LazyLoadImage: ComponentType<LazyLoadImageProps>;
}
