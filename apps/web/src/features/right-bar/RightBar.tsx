import { Popover } from '@tessera/ui/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatWindow, SpeedTestDialog } from '../../app/dialogs.ts';
import { useSession } from '../../app/session.ts';
import { local } from '../../lib/storage.ts';
import { CountBadge } from '../../ui/CountBadge.tsx';
import {
  ChatIcon,
  CollapseRightIcon,
  DotsIcon,
  ExpandLeftIcon,
  GaugeIcon,
  HeadsetIcon,
  HelpIcon,
  MailIcon,
  SendIcon,
} from '../../ui/icons.tsx';
import { passGate } from '../auth/gate.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { useUnreadBadge } from '../inbox/queries.ts';
import { useWhitelabel } from '../site/queries.ts';
import { useMessagingAppUrl } from './messagingApp.ts';
import './right-bar.css';
import { useSupportUnread } from '../support/queries.ts';

/** Local storage key of the right bar's folded state. */
const COLLAPSED_KEY = 'rightBarCollapsed';

/** The menu of the right bar: help centre, the messaging-app link and the chat room. */
function MoreMenu({ onChatRoom }: { onChatRoom: () => void }) {
  const { t } = useTranslation();
  const messagingAppUrl = useMessagingAppUrl();
  const [open, setOpen] = useState(false);

  return (
    <div className="right-bar__more">
      <Popover
        open={open}
        onOpenChange={setOpen}
        label={t('rightBar.more')}
        className="right-bar__popover"
        side="left"
        align="center"
        trigger={{
          className: 'right-bar__button',
          children: (
            <>
              <DotsIcon />
              <span className="right-bar__label">{t('rightBar.more')}</span>
            </>
          ),
        }}
      >
        <ul className="right-bar__menu">
          <li>
            <Link to="/help" className="right-bar__menu-item" onClick={() => setOpen(false)}>
              <HelpIcon />
              {t('header.help')}
            </Link>
          </li>
          {messagingAppUrl ? (
            <li>
              <a
                href={messagingAppUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="right-bar__menu-item"
                onClick={() => setOpen(false)}
              >
                <SendIcon />
                {t('rightBar.messagingApp')}
              </a>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="right-bar__menu-item"
              onClick={() => {
                setOpen(false);
                onChatRoom();
              }}
            >
              <ChatIcon />
              {t('rightBar.chatRoom')}
            </button>
          </li>
        </ul>
      </Popover>
    </div>
  );
}

/**
 * The right bar (§2), collapsible: customer service, platform messages (logged in, with the message centre
 * on), the speed test and a menu with the help centre, the messaging app and the chat room.
 */
export function RightBar() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data: whitelabel } = useWhitelabel();
  const unread = useUnreadBadge();
  const customerService = useCustomerService({ ahead: false });
  const supportUnread = useSupportUnread();
  const [collapsed, setCollapsed] = useState(() => local.get(COLLAPSED_KEY) === '1');
  const [speedTestOpen, setSpeedTestOpen] = useState(false);
  const [chatRoomOpen, setChatRoomOpen] = useState(false);

  function fold(value: boolean) {
    setCollapsed(value);
    local.set(COLLAPSED_KEY, value ? '1' : '0');
  }

  // §4 chat: a visitor gets the login modal, a trial account the warning.
  function openChatRoom() {
    if (passGate('member')) setChatRoomOpen(true);
  }

  return (
    <aside className={collapsed ? 'right-bar is-collapsed' : 'right-bar'} aria-label={t('rightBar.label')}>
      {collapsed ? (
        <button
          type="button"
          className="right-bar__toggle"
          aria-label={t('rightBar.show')}
          title={t('rightBar.show')}
          onClick={() => fold(false)}
        >
          <ExpandLeftIcon />
        </button>
      ) : (
        <ul className="right-bar__list">
          <li>
            <button
              type="button"
              className="right-bar__button"
              {...customerService.intent}
              onClick={customerService.open}
            >
              <HeadsetIcon />
              <span className="right-bar__label">{t('rightBar.customerService')}</span>
              <CountBadge
                count={supportUnread}
                label={t('inbox.unreadCount', { count: supportUnread })}
                className="right-bar__badge"
              />
            </button>
          </li>
          {token && whitelabel?.messageCentre ? (
            <li>
              <Link to="/member?page=messageV2" className="right-bar__button">
                <MailIcon />
                <span className="right-bar__label">{t('rightBar.messages')}</span>
                <CountBadge
                  count={unread.messages}
                  label={t('inbox.unreadCount', { count: unread.messages })}
                  className="right-bar__badge"
                />
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" className="right-bar__button" onClick={() => setSpeedTestOpen(true)}>
              <GaugeIcon />
              <span className="right-bar__label">{t('rightBar.speedTest')}</span>
            </button>
          </li>
          <li>
            <MoreMenu onChatRoom={openChatRoom} />
          </li>
          <li>
            <button
              type="button"
              className="right-bar__button right-bar__button--fold"
              onClick={() => fold(true)}
            >
              <CollapseRightIcon />
              <span className="right-bar__label">{t('rightBar.hide')}</span>
            </button>
          </li>
        </ul>
      )}
      {customerService.dialog}
      <SpeedTestDialog open={speedTestOpen} onClose={() => setSpeedTestOpen(false)} />
      <ChatWindow open={chatRoomOpen} onClose={() => setChatRoomOpen(false)} />
    </aside>
  );
}
