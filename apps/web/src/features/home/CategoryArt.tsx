import type { ReactElement } from 'react';
import type { GameCategoryId } from './categories.ts';

/** Decorative artwork of each game category tile (64×64, drawn in white over the tile's gradient). */
const ART: Record<GameCategoryId, ReactElement> = {
  lottery: (
    <>
      <circle cx="20" cy="40" r="13" fill="#fff" />
      <circle cx="44" cy="40" r="13" fill="#ffd166" />
      <circle cx="32" cy="20" r="13" fill="#fff" opacity=".92" />
      <circle cx="20" cy="40" r="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="44" cy="40" r="6" fill="none" stroke="#7a4a00" strokeWidth="2.5" />
      <circle cx="32" cy="20" r="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="15" cy="33" r="2.5" fill="#fff" opacity=".6" />
    </>
  ),
  live: (
    <>
      <circle cx="32" cy="32" r="24" fill="#fff" />
      <circle
        cx="32"
        cy="32"
        r="17"
        fill="none"
        stroke="currentColor"
        strokeWidth="6"
        strokeDasharray="6.7 6.7"
      />
      <circle cx="32" cy="32" r="9" fill="#ffd166" />
      <circle cx="32" cy="32" r="3" fill="currentColor" />
      <circle cx="45" cy="19" r="3.5" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
    </>
  ),
  slots: (
    <>
      <rect x="8" y="12" width="48" height="40" rx="8" fill="#fff" />
      <rect x="13" y="20" width="11" height="24" rx="3" fill="currentColor" opacity=".15" />
      <rect x="26.5" y="20" width="11" height="24" rx="3" fill="currentColor" opacity=".15" />
      <rect x="40" y="20" width="11" height="24" rx="3" fill="currentColor" opacity=".15" />
      <path
        d="M15 28h7l-4 9M28.5 28h7l-4 9M42 28h7l-4 9"
        stroke="currentColor"
        strokeWidth="2.6"
        fill="none"
      />
      <circle cx="58" cy="18" r="3.5" fill="#ffd166" />
      <path d="M56 22v12" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  fish: (
    <>
      <path d="M8 32c8-12 22-16 34-10l10-8v36l-10-8C30 48 16 44 8 32z" fill="#fff" />
      <circle cx="20" cy="30" r="3" fill="currentColor" />
      <path d="M28 24c3 5 3 11 0 16" stroke="currentColor" strokeWidth="2.5" fill="none" opacity=".5" />
      <circle cx="50" cy="10" r="3" fill="#fff" opacity=".7" />
      <circle cx="56" cy="18" r="2" fill="#fff" opacity=".5" />
    </>
  ),
  cards: (
    <>
      <rect x="8" y="14" width="26" height="36" rx="4" fill="#fff" transform="rotate(-12 21 32)" />
      <rect x="28" y="12" width="26" height="36" rx="4" fill="#ffd166" transform="rotate(10 41 30)" />
      <path d="M20 26c-4 4-6 7-3 9 2 1 3 0 3 0l-1 4h2l-1-4s1 1 3 0c3-2 1-5-3-9z" fill="currentColor" />
      <path d="M41 24c-2-3-7-1-5 3l5 6 5-6c2-4-3-6-5-3z" fill="#c8283a" />
    </>
  ),
  sports: (
    <>
      <circle cx="32" cy="32" r="23" fill="#fff" />
      <path d="M32 22l8 6-3 9h-10l-3-9z" fill="currentColor" />
      <path
        d="M32 22v-12M40 28l11-4M37 37l7 9M27 37l-7 9M24 28l-11-4"
        stroke="currentColor"
        strokeWidth="2.5"
        fill="none"
      />
    </>
  ),
  esports: (
    <>
      <path
        d="M18 20h28c7 0 10 6 11 14l1 8c1 6-6 9-10 4l-4-5H20l-4 5c-4 5-11 2-10-4l1-8c1-8 4-14 11-14z"
        fill="#fff"
      />
      <path d="M20 27v10M15 32h10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="43" cy="29" r="2.8" fill="#ffd166" />
      <circle cx="49" cy="34" r="2.8" fill="currentColor" />
    </>
  ),
};

export function CategoryArt({ id }: { id: GameCategoryId }) {
  return (
    <svg className="category-tile__art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {ART[id]}
    </svg>
  );
}
