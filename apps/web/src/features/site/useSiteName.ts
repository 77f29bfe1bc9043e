import { useTranslation } from 'react-i18next';
import { useWhitelabel } from './queries.ts';

/** The whitelabel's site name, or the product name until the configuration has loaded. */
export function useSiteName(): string {
  const { t } = useTranslation();
  const { data } = useWhitelabel();
  return data?.siteName || t('brand.fallbackName');
}
