import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FB_VENDOR } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { useSiteLanguage } from '../../i18n/language.ts';
import { AlertIcon, ChevronLeftIcon, CloseIcon, FreePlayIcon, FullscreenIcon } from '../../ui/icons.tsx';
import { Button, buttonClass, CenteredSpinner, DocumentTitle } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { errorCode } from '../auth/validation.ts';
import { invalidateRecent } from '../lobby/queries.ts';
import { RealityCheck, usePlayClosed } from '../responsible/RealityCheck.tsx';
import { useSiteName } from '../site/useSiteName.ts';
import { type GameQuery, isFrameExit, launchQuery, readGameQuery } from './gameQuery.ts';
import { decideLaunch, FB_MARK_RENEW_MS, gamePath, markFbGameOpen } from './launch.ts';
import './game.css';

/** A message in place of the frame, with the way back to the lobby. */
export function GameMessage({ text, from, action }: { text: string; from: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="game-message" role="status">
      <span className="game-message__icon">
        <AlertIcon />
      </span>
      <p>{text}</p>
      <div className="game-message__actions">
        {action}
        <Link to={from} className={buttonClass('secondary')}>
          {t('game.backToLobby')}
        </Link>
      </div>
    </div>
  );
}

function ToolButton({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <button type="button" className="game-bar-top__icon" aria-label={label} onClick={onClick}>
      {icon}
    </button>
  );
}

/** While the FB game is open here, it is marked open for every tab (§4: a player is in it only once). */
function useFbMark(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    markFbGameOpen(true);
    const timer = window.setInterval(() => markFbGameOpen(true), FB_MARK_RENEW_MS);
    return () => {
      window.clearInterval(timer);
      markFbGameOpen(false);
    };
  }, [active]);
}

function GameFrame({ game }: { game: GameQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const language = useSiteLanguage();
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const phone = window.matchMedia('(max-width: 760px)').matches;
  const launch = useQuery(launchQuery(game, token, language, phone));
  const url = launch.data?.game_url || launch.data?.content.game_url || '';
  const real = game.mode === 'real';
  const closed = usePlayClosed(real);
  useFbMark(Boolean(url) && real && game.vassalage === FB_VENDOR);

  // §4 recent games: a real launch puts the game at the head of the member's recent list.
  useEffect(() => {
    if (url && real) invalidateRecent(queryClient, token);
  }, [url, real, queryClient, token]);

  useEffect(() => {
    if (errorCode(launch.error) === 'in_need_true_account') openAuthModal('needRealAccount');
    if (errorCode(launch.error) === 'unauthorized') openAuthModal('login');
  }, [launch.error]);

  // The game's own back and close buttons: a message from the frame, or the frame opening a page of this site.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && isFrameExit(event.data)) navigate(game.from);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate, game.from]);

  const onFrameLoad = () => {
    let inside: Location | null = null;
    try {
      inside = frame.current?.contentWindow?.location ?? null;
      // A cross-origin game page: nothing of it can be read, and nothing needs to be.
      if (inside?.origin !== window.location.origin) return;
    } catch {
      return;
    }
    const path = `${inside.pathname}${inside.search}`;
    const gamePathname = url ? new URL(url, window.location.href).pathname : '';
    if (inside.pathname !== gamePathname && !/^\/(house|wps|lgw|images)\//.test(inside.pathname)) {
      navigate(path);
    }
  };

  // The stage fills the screen below the site's header and the game's bar, measured: the page itself does not
  // scroll, so the game's own rows never pass under the site's sticky header.
  useLayoutEffect(() => {
    const stage = box.current;
    if (!stage) return;
    const fit = () =>
      stage.style.setProperty('--stage-top', `${stage.getBoundingClientRect().top + window.scrollY}px`);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const fullscreen = () => void box.current?.requestFullscreen?.().catch(() => undefined);

  return (
    <div className="game-page">
      <div className="game-bar-top">
        <Link to={game.from} className="game-bar-top__back">
          <ChevronLeftIcon />
          <span>{t('game.backToLobby')}</span>
        </Link>
        <h1 className="game-bar-top__title">{game.gameName || t('pages.game')}</h1>
        {real ? (
          <span className="game-mode game-mode--real">{t('game.realMoney')}</span>
        ) : (
          <span className="game-mode game-mode--demo">
            <FreePlayIcon />
            {t('game.freePlay')}
          </span>
        )}
        <div className="game-bar-top__actions">
          {real ? <RealityCheck /> : null}
          <ToolButton label={t('game.fullscreen')} onClick={fullscreen} icon={<FullscreenIcon />} />
          <ToolButton label={t('game.close')} onClick={() => navigate(game.from)} icon={<CloseIcon />} />
        </div>
      </div>
      {!real ? <p className="game-demo-note">{t('game.freePlayNote')}</p> : null}
      <div ref={box} className="game-stage">
        {closed ? (
          <GameMessage text={closed} from={game.from} />
        ) : launch.isError ? (
          <GameMessage
            text={errorText(t, launch.error)}
            from={game.from}
            action={<Button onClick={() => void launch.refetch()}>{t('common.retry')}</Button>}
          />
        ) : url ? (
          <iframe
            ref={frame}
            className="game-stage__frame"
            title={t('game.frameTitle', { name: game.gameName || t('pages.game') })}
            src={url}
            allow="fullscreen; autoplay"
            allowFullScreen
            onLoad={onFrameLoad}
          />
        ) : (
          <CenteredSpinner label={t('game.launching')} />
        )}
      </div>
    </div>
  );
}

/**
 * /game: a game in an embedded frame (§2). Its query names the game and the mode, and the page launches it itself,
 * so a reload plays on; the launch rules of §4 hold here too (a visitor asked to log in for real play, a trial
 * account moved to free play or refused).
 */
export default function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const siteName = useSiteName();
  const game = readGameQuery(params);
  const decision = game ? decideLaunch(game, game.mode, session, false) : null;
  const title = <DocumentTitle>{`${game?.gameName || t('pages.game')} · ${siteName}`}</DocumentTitle>;
  const kind = decision?.kind;

  useEffect(() => {
    if (kind === 'login' || kind === 'needRealAccount') openAuthModal(kind);
  }, [kind]);
  // A trial account asked for real play of a game that allows free play plays free (§4).
  const redirect =
    game && decision?.kind === 'play' && decision.mode !== game.mode
      ? gamePath(game, decision.mode, game.from)
      : null;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  if (!game || !decision) {
    return (
      <div className="container">
        {title}
        <GameMessage text={t('game.notFound')} from="/index" />
      </div>
    );
  }
  const messages: Partial<Record<typeof decision.kind, string>> = {
    comingSoon: t('game.comingSoon.message'),
    login: t('game.loginToPlay'),
    needRealAccount: t('in_need_true_account'),
  };
  const message = messages[decision.kind];
  return (
    <>
      {title}
      {message ? (
        <div className="container">
          <GameMessage
            text={message}
            from={game.from}
            action={
              decision.kind === 'login' ? (
                <Button onClick={() => openAuthModal('login')}>{t('header.logIn')}</Button>
              ) : null
            }
          />
        </div>
      ) : decision.kind === 'play' && decision.mode === game.mode ? (
        <GameFrame key={`${game.nodeId}-${game.mode}`} game={game} />
      ) : null}
    </>
  );
}
