import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../ui/index.ts';

/** The chat room (§2): not built yet, so it says it is coming. */
export function ChatRoomDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('rightBar.chatRoom')}
      footer={<Button onClick={onClose}>{t('common.ok')}</Button>}
    >
      <p>{t('rightBar.chatRoomSoon')}</p>
    </Modal>
  );
}
