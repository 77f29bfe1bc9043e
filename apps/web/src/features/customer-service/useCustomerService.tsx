import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_SERVICE_TYPES, VIP_CONTACT_ABOVE_RANK } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { Button, Modal } from '../../ui/index.ts';
import { passGate } from '../auth/gate.ts';
import { memberInfoQuery } from '../auth/member.ts';
import { usePermission } from '../site/queries.ts';
import { decryptPath } from '../support/des.ts';
import { openSupportChat } from '../support/supportPanel.ts';
import { openCustomerService } from './openCustomerService.ts';

/** The site's own page of the built-in customer service (what the status answer's path names when it is built in). */
const BUILT_IN_PATH = '/support';

/**
 * Customer service for the header, the right bar and the help centre (§4): the status answer's customer-service
 * paths are decrypted (§3: DES, the key in the last 8 characters) ahead of the click: as the control mounts, or, for
 * the first screen's controls (`ahead: false`), once the pointer reaches it or it takes the focus (spread `intent`
 * on it), so that home's first download does not carry the cipher most visitors never use; a member whose rank is above
 * 4 gets the VIP entry (type 4) when the site has one, everyone else the live chat (type 3). The site's built-in
 * chat opens over the page (a visitor gets the login modal, a trial account the real-account warning); any other
 * link opens in a 440×750 popup window. Without a path that decrypts, a dialog says so and gives the support
 * e-mail address when there is one.
 */
export function useCustomerService({ ahead = true }: { ahead?: boolean } = {}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(ahead);
  const permission = usePermission();
  const [unavailableOpen, setUnavailableOpen] = useState(false);
  const info = permission.data?.info;
  const { token } = useSession();
  const member = useQuery(memberInfoQuery(token));
  const vip = (member.data?.clubLabel.rankLevel ?? 0) > VIP_CONTACT_ABOVE_RANK;
  const entries = info?.customerService ?? [];
  const entry =
    (vip ? entries.find((found) => found.csType === CUSTOMER_SERVICE_TYPES.vipChat) : undefined) ??
    entries.find((found) => found.csType === CUSTOMER_SERVICE_TYPES.liveChat);
  const link = useQuery({
    queryKey: ['system', 'customer-service', entry?.path ?? ''],
    queryFn: () => decryptPath(entry?.path ?? ''),
    enabled: entry !== undefined && wanted,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const email = info?.support.email ?? '';

  function builtIn(url: URL): boolean {
    const ownHost = url.host === window.location.host || url.host === info?.mainDomain;
    return ownHost && url.pathname.replace(/\/+$/, '') === BUILT_IN_PATH;
  }

  function go(text: string | null | undefined) {
    const url = text && URL.canParse(text) ? new URL(text) : null;
    if (!url) {
      setUnavailableOpen(true);
      return;
    }
    if (builtIn(url)) {
      if (passGate('member')) openSupportChat();
      return;
    }
    openCustomerService(url.toString());
  }

  function open() {
    // Decrypted ahead of the click as a rule; a click that comes first waits for it.
    if (entry && link.isPending) void decryptPath(entry.path).then(go);
    else go(link.data);
  }

  const dialog = (
    <Modal
      open={unavailableOpen}
      onClose={() => setUnavailableOpen(false)}
      title={t('status.customerService')}
      footer={<Button onClick={() => setUnavailableOpen(false)}>{t('common.ok')}</Button>}
    >
      <p>{t('status.customerServiceUnavailable')}</p>
      {email ? (
        <p className="cs-email">
          {t('customerService.email')} <a href={`mailto:${email}`}>{email}</a>
        </p>
      ) : null}
    </Modal>
  );

  /** Props for the control: the path is decrypted as the pointer reaches it or it takes the focus. */
  const intent = { onPointerEnter: () => setWanted(true), onFocus: () => setWanted(true) };

  return { open, intent, dialog };
}
