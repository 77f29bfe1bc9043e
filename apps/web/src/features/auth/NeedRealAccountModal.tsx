import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';

/** §5: a trial account (isAgent 4), or a member at the agent centre, is refused with in_need_true_account. */
export function NeedRealAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onClose}
      title={t('auth.trial.title')}
      width={440}
      className="auth-modal"
      footer={<Button onClick={onClose}>{t('in_increase_submit')}</Button>}
    >
      <div className="auth-warning">
        <span className="auth-warning__icon">
          <AlertIcon />
        </span>
        <p>{t('in_need_true_account')}</p>
      </div>
    </Modal>
  );
}
