import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Sections other areas place in the rewards centre, between what to claim and the history (the prize wheel of the
 * raffle goes here): each a lazy component rendering its own titled section, or nothing when it has nothing to offer.
 */
export const REWARD_CENTRE_SECTIONS: readonly LazyExoticComponent<ComponentType>[] = [
  lazy(() => import('../raffle/RewardsWheel.tsx')),
];
