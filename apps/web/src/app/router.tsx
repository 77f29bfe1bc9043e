import { type ReactNode, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { openAuthModal, resetTokenOf } from '../features/auth/authModal.ts';
import { type GateLevel, gateRefusal, passGate } from '../features/auth/gate.ts';
import { HomePage } from '../features/home/HomePage.tsx';
import { lazyPage } from './lazyPage.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { PAGE_ROUTES, type PageRoute } from './routes.ts';
import { useSession } from './session.ts';

// Everything but home loads on demand, to keep the first download small; a chunk that fails or takes over
// 120 s shows "Loading chunk failed" (app/lazyPage.ts, RouteErrorBoundary).
const ComingSoonPage = lazyPage(() => import('../features/placeholders/ComingSoonPage.tsx'));
const NotFoundPage = lazyPage(() => import('../features/placeholders/NotFoundPage.tsx'));
const VipPage = lazyPage(() => import('../features/vip/VipPage.tsx'));
const PromotionsPage = lazyPage(() => import('../features/promotions/PromotionsPage.tsx'));
const PromoDetailPage = lazyPage(() => import('../features/promotions/PromoDetailPage.tsx'));
const LuckyWheelPage = lazyPage(() => import('../features/raffle/LuckyWheelPage.tsx'));
const RedEnvelopePage = lazyPage(() => import('../features/raffle/RedEnvelopePage.tsx'));
const PointMallPage = lazyPage(() => import('../features/points/PointMallPage.tsx'));
const NoticePage = lazyPage(() => import('../features/notices/NoticePage.tsx'));
const HelpPage = lazyPage(() => import('../features/help/HelpPage.tsx'));
const ChatPage = lazyPage(() => import('../features/chat/ChatPage.tsx'));
const LiveChatPage = lazyPage(() => import('../features/chat/LiveChatPage.tsx'));
const DownloadPage = lazyPage(() => import('../features/download/DownloadPage.tsx'));
const JoinPage = lazyPage(() => import('../features/join/JoinPage.tsx'));
const SupportPage = lazyPage(() => import('../features/support/SupportPage.tsx'));
const TrustPage = lazyPage(() => import('../features/trust/TrustPage.tsx'));
const MemberCentre = lazyPage(() => import('../features/member-centre/MemberCentrePage.tsx'));
const AgentCentre = lazyPage(() => import('../features/agent-centre/AgentCentrePage.tsx'));
const LobbyPage = lazyPage(() => import('../features/lobby/LobbyPage.tsx'));
const FbSportsPage = lazyPage(() => import('../features/game/FbSportsPage.tsx'));
const GamePage = lazyPage(() => import('../features/game/GamePage.tsx'));
const LotteryPage = lazyPage(() => import('../features/lottery/LotteryPage.tsx'));
const LotteryVerifyPage = lazyPage(() => import('../features/lottery/VerifyPage.tsx'));

/** `/` redirects to /index (§2), keeping the query (referral and affiliate codes travel there). */
function RedirectToIndex() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
}

/**
 * /register, /register.html and /login: home with the accounts area's modal open (§2). /login#resetToken=… is
 * the address of the e-mailed password-reset link, and opens the form that sets a new password.
 */
function HomeWithModal({ modal }: { modal: 'login' | 'register' }) {
  const location = useLocation();
  const { token } = useSession();
  const navigate = useNavigate();
  const resetToken = modal === 'login' ? resetTokenOf(location) : null;
  // Only on arrival: the modal's own work (a login) changes the token and moves on by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: token and navigate are read once, on arrival
  useEffect(() => {
    if (resetToken) openAuthModal('resetPassword', { resetToken });
    // A member has nothing to log in or register for: home at its own address.
    else if (token) navigate('/index', { replace: true });
    else openAuthModal(modal);
  }, [modal, resetToken]);
  return <HomePage />;
}

/**
 * §5: the member centre needs a token and a real account, the agent centre an agent. A visitor gets the login
 * pop-up and a trial account the warning in_need_true_account, both over home; a member who is not an agent goes
 * to the join-us page, which explains the agent programme and how to apply.
 */
function Gated({ level, children }: { level: GateLevel; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const refusal = gateRefusal(level, session);
  useEffect(() => {
    if (refusal === null || refusal === 'pending') return;
    if (refusal === 'notAgent') {
      navigate('/join?from=agent', { replace: true });
      return;
    }
    passGate(level);
    navigate('/index', { replace: true });
  }, [refusal, level, navigate]);
  return refusal === null ? children : null;
}

function screenOf(route: PageRoute) {
  const { screen } = route;
  if (route.authModal) return <HomeWithModal modal={route.authModal} />;
  switch (screen) {
    case 'home':
      return <HomePage />;
    case 'noticePage':
      return <NoticePage />;
    case 'help':
      return <HelpPage />;
    case 'chat':
      return <ChatPage />;
    case 'liveChat':
      return <LiveChatPage />;
    case 'download':
      return <DownloadPage />;
    case 'join':
      return <JoinPage />;
    case 'support':
      return <SupportPage />;
    case 'lobby':
      // Keyed by path: each lobby starts with its own state.
      return <LobbyPage key={route.path} gameType={route.gameType ?? 'RNG'} pageKey={route.pageKey} />;
    case 'game':
      return <GamePage />;
    case 'fbSports':
      return <FbSportsPage />;
    case 'lotteryVerify':
      return <LotteryVerifyPage />;
    case 'promotions':
      return <PromotionsPage />;
    case 'promoDetail':
      return <PromoDetailPage />;
    case 'vip':
      return (
        <Gated level="member">
          <VipPage />
        </Gated>
      );
    case 'luckyWheel':
      return (
        <Gated level="member">
          <LuckyWheelPage />
        </Gated>
      );
    case 'redEnvelope':
      return <RedEnvelopePage />;
    case 'pointMall':
      return (
        <Gated level="member">
          <PointMallPage />
        </Gated>
      );
    case 'memberCentre':
      return (
        <Gated level="member">
          <MemberCentre />
        </Gated>
      );
    default:
      if (typeof screen === 'object' && 'trust' in screen) return <TrustPage kind={screen.trust} />;
      if (typeof screen === 'object' && 'lottery' in screen) {
        // Keyed by path: each lottery screen starts with its own state.
        return <LotteryPage key={route.path} prizeModes={screen.lottery} pageKey={route.pageKey} />;
      }
      if (route.path === '/agentHome') {
        return (
          <Gated level="agent">
            <AgentCentre />
          </Gated>
        );
      }
      return <ComingSoonPage pageKey={route.pageKey} />;
  }
}

/** The pages of §2 besides home, made once. */
const PAGES = PAGE_ROUTES.map((route) => (
  <Route key={route.path} path={route.path.slice(1)} element={screenOf(route)} />
));

/**
 * Every route of §2, in history mode. The declarative router: the data router (loaders, actions, fetchers) is
 * about 18 KB of compressed code the site does not use; the layout reads a route's handle from routes.ts
 * (routeHandleOf), keeps the scroll position itself (app/scrollRestoration.ts) and catches a failing page in its
 * error boundary (app/RouteErrorBoundary.tsx).
 */
export function SiteRouter() {
  return (
    <BrowserRouter>
      {/* A failing layout shows the error alone; a failing page keeps the header and footer (RootLayout). */}
      <RouteErrorBoundary>
        <Routes>
          <Route path="/" element={<RootLayout />}>
            <Route index element={<RedirectToIndex />} />
            <Route path="index" element={<HomePage />} />
            <Route path="index.html" element={<HomePage />} />
            {PAGES}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
