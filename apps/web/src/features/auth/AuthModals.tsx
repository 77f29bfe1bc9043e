import { useLocation, useNavigate } from 'react-router';
import { normalisePath } from '../../app/routes.ts';
import { AccountModal } from './AccountModal.tsx';
import { closeAuthModal, resetTokenOf, useAuthModal } from './authModal.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { ForgotPasswordModal } from './ForgotPasswordModal.tsx';
import { LoginModal } from './LoginModal.tsx';
import { LoginNotice } from './LoginNotice.tsx';
import { NeedRealAccountModal } from './NeedRealAccountModal.tsx';
import { RegisterModal } from './RegisterModal.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { MODAL_PATHS } from './useAuthNavigation.ts';
import './auth.css';

/**
 * The accounts area's modals (§2), loaded on first use so that none of them is in the home page's first
 * download: one at a time, as the store of authModal.ts says, plus the note shown after a login.
 */
export default function AuthModals() {
  const { kind, options } = useAuthModal();
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();

  function close() {
    closeAuthModal();
    // /login and /register are home with the modal: closing it leaves home at its own address.
    if (MODAL_PATHS.includes(normalisePath(pathname)) || resetTokenOf(location)) {
      navigate('/index', { replace: true });
    }
  }

  let modal = null;
  switch (kind) {
    case 'login':
      modal = <LoginModal key={options.username ?? ''} options={options} onClose={close} />;
      break;
    case 'register':
      modal = <RegisterModal onClose={close} />;
      break;
    case 'forgot':
      modal = <ForgotPasswordModal onClose={close} />;
      break;
    case 'resetPassword':
      modal = <ResetPasswordModal token={options.resetToken ?? ''} onClose={close} />;
      break;
    case 'changePassword':
      modal = <ChangePasswordModal forced={options.forced ?? false} onClose={closeAuthModal} />;
      break;
    case 'account':
      modal = <AccountModal onClose={closeAuthModal} />;
      break;
    case 'needRealAccount':
      modal = <NeedRealAccountModal onClose={closeAuthModal} />;
      break;
    default:
      modal = null;
  }
  return (
    <>
      {modal}
      <LoginNotice />
    </>
  );
}
