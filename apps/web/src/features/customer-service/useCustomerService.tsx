import { useQuery } from '@tanstack/react-query';
import { VIP_CONTACT_ABOVE_RANK } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { Button, Modal } from '../../ui/index.ts';
import { memberInfoQuery } from '../auth/member.ts';
import { usePermission } from '../site/queries.ts';
import { openCustomerService } from './openCustomerService.ts';

/**
 * Customer service for the header and the right bar: opens the live-chat popup (§4), the VIP customer-service one
 * for a member whose rank is above 4 when the site has one, or, when no chat link is configured, a dialog that says
 * so and gives the support e-mail address when there is one.
 */
export function useCustomerService() {
  const { t } = useTranslation();
  const permission = usePermission();
  const [unavailableOpen, setUnavailableOpen] = useState(false);
  const customerService = permission.data?.info.support;
  const { token } = useSession();
  const member = useQuery(memberInfoQuery(token));
  const vip = (member.data?.clubLabel.rankLevel ?? 0) > VIP_CONTACT_ABOVE_RANK;
  const url = (vip && customerService?.vipChatUrl) || customerService?.liveChatUrl || '';
  const email = customerService?.email ?? '';

  function open() {
    if (url) openCustomerService(url);
    else setUnavailableOpen(true);
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

  return { open, dialog };
}
