import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../ui/index.ts';
import { usePermission } from '../site/queries.ts';
import { openCustomerService } from './openCustomerService.ts';

/**
 * Customer service for the header and the right bar: opens the live-chat popup (§4), or, when no chat link
 * is configured, a dialog that says so and gives the support e-mail address when there is one.
 */
export function useCustomerService() {
  const { t } = useTranslation();
  const permission = usePermission();
  const [unavailableOpen, setUnavailableOpen] = useState(false);
  const customerService = permission.data?.info.support;
  const url = customerService?.liveChatUrl ?? '';
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
