import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigationType } from 'react-router';
import { ChatWindow, SignOutDialog, SpeedTestDialog } from '../../app/dialogs.ts';
import { type SessionState, useSession } from '../../app/session.ts';
import { CountBadge } from '../../ui/CountBadge.tsx';
import {
  ChatIcon,
  ChevronRightIcon,
  DocumentIcon,
  DownloadIcon,
  GaugeIcon,
  GiftIcon,
  HeadsetIcon,
  HelpIcon,
  IdCardIcon,
  LogoutIcon,
  MailIcon,
  PauseIcon,
  SendIcon,
  ShieldIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../ui/icons.tsx';
import { buttonClass, Modal } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { accountKind, type GateLevel, passGate } from '../auth/gate.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { useUnreadBadge } from '../inbox/queries.ts';
import type { MemberCentrePage } from '../member-centre/menu.ts';
import { useMemberCentreMenu } from '../member-centre/useMemberCentreMenu.ts';
import { useMessagingAppUrl } from '../right-bar/messagingApp.ts';
import { useBalance } from '../wallet/queries.ts';
import {
  DemoBadge,
  formattedBalance,
  gated,
  LoggedOutActions,
  MemberAvatar,
  SignUpForReal,
} from './AccountArea.tsx';
import { closeAccountDrawer, useAccountDrawerOpen } from './accountDrawer.ts';
import { LanguageSelector } from './LanguageSelector.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';

const PAGE_ICONS: Record<MemberCentrePage, () => ReactNode> = {
  securityCenter: ShieldIcon,
  verification: IdCardIcon,
  transferFund: WalletIcon,
  depositv2: WalletIcon,
  withdraw: WithdrawIcon,
  transferUpline: SendIcon,
  personalHistoryCopy: DocumentIcon,
  transactionHistory: DocumentIcon,
  personalProfit: TrophyIcon,
  bonusDetails: GiftIcon,
  rewardCenter: GiftIcon,
  referral: UsersIcon,
  missionLeaderboard: TrophyIcon,
  messageV2: MailIcon,
  responsibleGaming: PauseIcon,
};

/** A link of the drawer that passes the §5 gate: the drawer closes either way, for the page or the warning. */
function gatedLeaving(level: GateLevel) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    closeAccountDrawer();
    gated(level)(event);
  };
}

/** Deposit and withdraw have their own buttons at the top of the drawer. */
const CARD_PAGES: MemberCentrePage[] = ['depositv2', 'withdraw'];

/** One row of the drawer: an icon, a name and a chevron, as a link or a button. */
function DrawerItem({
  icon,
  children,
  badge,
  ...target
}: { icon: ReactNode; children: ReactNode; badge?: ReactNode } & (
  | { to: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }
  | { href: string }
  | { onClick: () => void }
)) {
  const content = (
    <>
      <span className="drawer__item-icon">{icon}</span>
      <span className="drawer__item-name">{children}</span>
      {badge}
      <ChevronRightIcon />
    </>
  );
  if ('to' in target) {
    return (
      <Link to={target.to} className="drawer__item" onClick={target.onClick}>
        {content}
      </Link>
    );
  }
  if ('href' in target) {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className="drawer__item">
        {content}
      </a>
    );
  }
  return (
    <button type="button" className="drawer__item" onClick={target.onClick}>
      {content}
    </button>
  );
}

/**
 * The member at the top of the drawer: avatar, nickname, balance, deposit and withdraw. A trial account shows its
 * demo mark and "Sign up for real" instead: it has no account to edit and no money to move.
 */
function MemberCard({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const { data: balance } = useBalance();
  const trial = accountKind(session) === 'trial';
  const identity = (
    <>
      <MemberAvatar member={session.member} />
      <span className="drawer__profile-text">
        <span className="drawer__nickname">
          {session.member?.nickname ?? session.username ?? t('common.loading')}
        </span>
        <span className="drawer__profile-hint">
          {trial ? t('drawer.trialAccount') : t('drawer.editProfile')}
        </span>
      </span>
    </>
  );
  return (
    <div className="drawer__member">
      {trial ? (
        <div className="drawer__profile drawer__profile--trial">
          {identity}
          <DemoBadge />
        </div>
      ) : (
        <button
          type="button"
          className="drawer__profile"
          onClick={() => {
            closeAccountDrawer();
            if (passGate('member')) openAuthModal('account');
          }}
        >
          {identity}
          <ChevronRightIcon />
        </button>
      )}
      {balance !== undefined ? (
        <p className="drawer__balance">
          <span className="drawer__balance-label">{t('header.balance')}</span>
          <span className="drawer__balance-amount">{formattedBalance(balance)}</span>
        </p>
      ) : null}
      <div className="drawer__money">
        {trial ? (
          <SignUpForReal beforeOpen={closeAccountDrawer} />
        ) : (
          <>
            <Link
              to="/member?page=depositv2"
              className={buttonClass('accent', 'md')}
              onClick={gatedLeaving('member')}
            >
              <WalletIcon />
              {t('header.deposit')}
            </Link>
            <Link
              to="/member?page=withdraw"
              className={buttonClass('secondary', 'md')}
              onClick={gatedLeaving('member')}
            >
              <WithdrawIcon />
              {t('header.withdraw')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/** The member centre's pages (§2 menu rules) and the agent centre, or the agent programme for a non-agent. */
function MemberPages({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const { pages } = useMemberCentreMenu();
  const unread = useUnreadBadge();
  return (
    <nav className="drawer__section" aria-labelledby="drawer-member-centre">
      <h3 id="drawer-member-centre" className="drawer__heading">
        {t('memberCentre.title')}
      </h3>
      <ul className="drawer__list">
        {pages
          .filter((page) => !CARD_PAGES.includes(page))
          .map((page) => {
            const Icon = PAGE_ICONS[page];
            return (
              <li key={page}>
                <DrawerItem
                  to={`/member?page=${page}`}
                  icon={<Icon />}
                  onClick={gatedLeaving('member')}
                  badge={
                    page === 'messageV2' ? (
                      <CountBadge
                        count={unread.messages}
                        label={t('inbox.unreadCount', { count: unread.messages })}
                      />
                    ) : page === 'rewardCenter' ? (
                      <CountBadge
                        count={unread.rewards}
                        label={t('rewards.toClaimCount', { count: unread.rewards })}
                      />
                    ) : null
                  }
                >
                  {t(`memberCentre.pages.${page}`)}
                </DrawerItem>
              </li>
            );
          })}
        <li>
          {accountKind(session) === 'agent' ? (
            <DrawerItem to="/agentHome" icon={<UsersIcon />}>
              {t('pages.agentHome')}
            </DrawerItem>
          ) : (
            <DrawerItem to="/join?from=agent" icon={<UsersIcon />}>
              {t('pages.join')}
            </DrawerItem>
          )}
        </li>
      </ul>
    </nav>
  );
}

/**
 * The phone's account drawer: what the desktop header and the right bar offer, in one list. A member finds the
 * balance, deposit and withdraw, the member centre's pages and (for agents) the agent centre; everyone finds the
 * language (not on the home paths, as in the header), the theme, help, download, customer service, the speed
 * test, the messaging app and the chat room; a member signs out at the bottom.
 */
export function AccountDrawer() {
  const { t } = useTranslation();
  const open = useAccountDrawerOpen();
  const session = useSession();
  const location = useLocation();
  const customerService = useCustomerService();
  const messagingAppUrl = useMessagingAppUrl();
  const [signingOut, setSigningOut] = useState(false);
  const [speedTestOpen, setSpeedTestOpen] = useState(false);
  const [chatRoomOpen, setChatRoomOpen] = useState(false);

  const navigationType = useNavigationType();
  // Any navigation (a link of the drawer, the back button) closes it. A page writing its own state into the URL (a
  // replace: filters, a default tab) is no navigation and leaves it open, and so does this component mounting again
  // (the header rebuilt around it): only a location it has not seen yet counts. Leaving the phone layout closes it
  // too (Header.tsx).
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    if (navigationType !== 'REPLACE') closeAccountDrawer();
  }, [location.key, navigationType]);

  /** Closes the drawer, then does what the row asks (its dialog opens on the page, not over the drawer). */
  const then = (action: () => void) => () => {
    closeAccountDrawer();
    action();
  };

  return (
    <>
      <Modal open={open} onClose={closeAccountDrawer} title={t('header.menu')} className="drawer">
        {session.token ? (
          <>
            <MemberCard session={session} />
            {accountKind(session) === 'trial' ? null : <MemberPages session={session} />}
          </>
        ) : (
          <div className="drawer__visitor">
            <LoggedOutActions beforeOpen={closeAccountDrawer} />
          </div>
        )}

        <section className="drawer__section" aria-labelledby="drawer-settings">
          <h3 id="drawer-settings" className="drawer__heading">
            {t('drawer.settings')}
          </h3>
          <div className="drawer__setting drawer__setting--language">
            <span className="drawer__setting-name">{t('drawer.language')}</span>
            <LanguageSelector placement="inline" />
          </div>
          <div className="drawer__setting">
            <span className="drawer__setting-name">{t('header.darkTheme')}</span>
            <ThemeSwitch />
          </div>
        </section>

        <nav className="drawer__section" aria-labelledby="drawer-support">
          <h3 id="drawer-support" className="drawer__heading">
            {t('drawer.support')}
          </h3>
          <ul className="drawer__list">
            <li>
              <DrawerItem onClick={then(customerService.open)} icon={<HeadsetIcon />}>
                {t('status.customerService')}
              </DrawerItem>
            </li>
            <li>
              <DrawerItem to="/help" icon={<HelpIcon />}>
                {t('header.help')}
              </DrawerItem>
            </li>
            <li>
              <DrawerItem to="/down" icon={<DownloadIcon />}>
                {t('header.download')}
              </DrawerItem>
            </li>
            <li>
              <DrawerItem onClick={then(() => setSpeedTestOpen(true))} icon={<GaugeIcon />}>
                {t('rightBar.speedTest')}
              </DrawerItem>
            </li>
            {messagingAppUrl ? (
              <li>
                <DrawerItem href={messagingAppUrl} icon={<SendIcon />}>
                  {t('rightBar.messagingApp')}
                </DrawerItem>
              </li>
            ) : null}
            <li>
              <DrawerItem
                // §4 chat: a visitor gets the login modal, a trial account the warning.
                onClick={then(() => {
                  if (passGate('member')) setChatRoomOpen(true);
                })}
                icon={<ChatIcon />}
              >
                {t('rightBar.chatRoom')}
              </DrawerItem>
            </li>
          </ul>
        </nav>

        {session.token ? (
          <button
            type="button"
            className={buttonClass('secondary', 'md', 'drawer__sign-out')}
            onClick={then(() => setSigningOut(true))}
          >
            <LogoutIcon />
            {t('header.signOut')}
          </button>
        ) : null}
      </Modal>
      <SignOutDialog open={signingOut} onClose={() => setSigningOut(false)} />
      {customerService.dialog}
      <SpeedTestDialog open={speedTestOpen} onClose={() => setSpeedTestOpen(false)} />
      <ChatWindow open={chatRoomOpen} onClose={() => setChatRoomOpen(false)} />
    </>
  );
}
