import type { TFunction } from 'i18next';

/** A banner group's readable name with its code, e.g. "Home (w_home)". */
export function groupLabel(t: TFunction, group: string): string {
  return `${t(`banners.groups.${group}`, { defaultValue: group })} (${group})`;
}
