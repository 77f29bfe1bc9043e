import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { normalisePath } from '../../app/routes.ts';
import { SparkIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/index.ts';
import { closeAuthModal, useAuthModal } from './authModal.ts';
import './auth.css';

/** Paths that exist to show one of these modals over home. */
const MODAL_PATHS = ['/login', '/register', '/register.html'];

/**
 * The slot of the login pop-up and the registration modal (§2 modals). The accounts area fills them with
 * their forms; until then each says, translated, that it is coming soon.
 */
export function AuthModal() {
  const { t } = useTranslation();
  const kind = useAuthModal();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  function close() {
    closeAuthModal();
    // /login and /register are home with the modal: closing it leaves home at its own address.
    if (MODAL_PATHS.includes(normalisePath(pathname))) navigate('/index', { replace: true });
  }

  const title = kind === 'register' ? t('auth.register.title') : t('auth.login.title');
  return (
    <Modal open={kind !== null} onClose={close} title={title} className="auth-modal">
      <div className="auth-modal__soon">
        <span className="auth-modal__icon">
          <SparkIcon />
        </span>
        <p className="auth-modal__heading">{t('comingSoon.title')}</p>
        <p className="auth-modal__text">
          {kind === 'register' ? t('auth.register.comingSoon') : t('auth.login.comingSoon')}
        </p>
      </div>
    </Modal>
  );
}
