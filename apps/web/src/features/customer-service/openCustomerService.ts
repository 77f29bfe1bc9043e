import { CUSTOMER_SERVICE_POPUP } from '@tessera/contract';

/** Opens the customer-service chat in a centred 440×750 popup window (§4, §9). */
export function openCustomerService(url: string): void {
  const width = CUSTOMER_SERVICE_POPUP.width;
  const height = CUSTOMER_SERVICE_POPUP.tallHeight;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open(
    url,
    'customer-service',
    `popup=yes,width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`,
  );
  // The chat is another site: it must not be able to script this page.
  if (popup) popup.opener = null;
}
