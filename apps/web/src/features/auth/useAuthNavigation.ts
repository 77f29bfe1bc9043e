import { useLocation, useNavigate } from 'react-router';
import { normalisePath } from '../../app/routes.ts';

/** Paths that exist to show one of the accounts modals over home (§2 routes). */
export const MODAL_PATHS = ['/login', '/register', '/register.html'];

/** Where the accounts modals send the visitor: home (/) after registration and the like, or off /login. */
export function useAuthNavigation() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onModalPath = MODAL_PATHS.includes(normalisePath(pathname));
  return {
    onModalPath,
    /** §4: registration, free play, password changes and resets end on /. */
    goHome: () => navigate('/'),
    /** /login and /register are home with a modal: once it has done its work, home is at its own address. */
    leaveModalPath: () => {
      if (onModalPath) navigate('/index', { replace: true });
    },
  };
}
