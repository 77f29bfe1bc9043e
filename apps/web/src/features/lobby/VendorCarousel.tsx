import { VENDOR_CAROUSEL_SLIDES } from '@tessera/contract';
import { ScrollButton } from '@tessera/ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FlameIcon, GridIcon } from '../../ui/icons.tsx';
import { LazyImage } from '../../ui/index.ts';

interface VendorCard {
  vassalage: string;
  displayName: string;
  smallIcon: string;
  isHot: 0 | 1;
  gameCount: number;
}

interface VendorCarouselProps {
  vendors: VendorCard[];
  /** The selected vendor's code, '' for all. */
  selected: string;
  onSelect: (vendor: string) => void;
}

/** The vendors of a lobby: "All" and a carousel of vendor cards, each a toggle that filters the list. */
export function VendorCarousel({ vendors, selected, onSelect }: VendorCarouselProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  // §2: the carousel shows 7 vendors at a time, with arrows when there are more.
  const arrows = vendors.length > VENDOR_CAROUSEL_SLIDES;
  return (
    <section className="vendor-carousel" aria-label={t('lobby.vendors')}>
      <button
        type="button"
        className="vendor-card vendor-card--all"
        aria-pressed={selected === ''}
        onClick={() => onSelect('')}
      >
        <span className="vendor-card__logo vendor-card__logo--all">
          <GridIcon />
        </span>
        <span className="vendor-card__name">{t('lobby.allVendors')}</span>
      </button>
      {arrows ? (
        <ScrollButton
          direction={-1}
          label={t('lobby.previousVendors')}
          scroller={() => track.current}
          step={1}
          className="vendor-carousel__arrow"
        />
      ) : null}
      <ul ref={track} className="vendor-carousel__track">
        {vendors.map((vendor) => (
          <li key={vendor.vassalage} className="vendor-carousel__slide">
            <button
              type="button"
              className="vendor-card"
              aria-pressed={selected === vendor.vassalage}
              onClick={() => onSelect(vendor.vassalage)}
            >
              <span className="vendor-card__logo">
                <LazyImage src={vendor.smallIcon} alt="" />
              </span>
              <span className="vendor-card__name">{vendor.displayName}</span>
              {vendor.isHot === 1 ? (
                <span className="vendor-card__hot" aria-hidden="true">
                  <FlameIcon />
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {arrows ? (
        <ScrollButton
          direction={1}
          label={t('lobby.nextVendors')}
          scroller={() => track.current}
          step={1}
          className="vendor-carousel__arrow"
        />
      ) : null}
    </section>
  );
}
