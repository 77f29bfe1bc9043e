import { CUSTOMER_SERVICE_POPUP } from '@tessera/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../app/lazyPage.ts';
import { usePhoneLayout } from '../../app/phoneLayout.ts';
import { useSession } from '../../app/session.ts';
import { CenteredSpinner, Modal } from '../../ui/index.ts';
import { closeSupportChat, useSupportChatOpen } from './supportPanel.ts';

// The chat (its form and strings) loads when it is first opened.
const SupportChat = lazyPage(() => import('./SupportChat.tsx'));

/**
 * The built-in customer service over the page: a popup of 440×750 on a desktop (§9), a sheet from the bottom
 * edge on a phone. It closes when the session ends.
 */
export function SupportPopup() {
  const { t } = useTranslation();
  const open = useSupportChatOpen();
  const { token } = useSession();
  const phone = usePhoneLayout();
  return (
    <Modal
      open={open && token !== null}
      onClose={closeSupportChat}
      title={t('status.customerService')}
      width={CUSTOMER_SERVICE_POPUP.width}
      className={phone ? 'sheet support-popup' : 'support-popup'}
    >
      <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
        <SupportChat />
      </Suspense>
    </Modal>
  );
}
