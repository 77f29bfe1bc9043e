import { useQuery } from '@tanstack/react-query';
import { FB_VENDOR } from '@tessera/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { gameEndpoints } from '../../app/endpoints.ts';
import { Button, CenteredSpinner, DocumentTitle } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { GameMessage } from './GamePage.tsx';
import { type LaunchTarget, useLaunchGame } from './launch.ts';

/**
 * /fbsports, the sports provider's page: FB's sports book, opened through the launch rules (login, real account,
 * already open) at the game page. A visitor sees why nothing opened and can try again after logging in.
 */
export default function FbSportsPage() {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  const siteName = useSiteName();
  const book = useQuery({
    queryKey: ['fb-sports-book'],
    queryFn: ({ signal }) =>
      api(gameEndpoints.gameList, { query: { vassalage: FB_VENDOR, pageNo: 1, pageSize: 1 }, signal }),
  });
  const game = book.data?.games[0];
  const target: LaunchTarget | null = game ? { ...game, gameName: game.gameName } : null;
  const launched = useRef(false);
  useEffect(() => {
    if (!target || launched.current) return;
    launched.current = true;
    launch(target, 'real');
  }, [target, launch]);

  // The page names itself whatever it shows (the sports book opens in the game page).
  const title = <DocumentTitle>{`${t('pages.fbsports')} · ${siteName}`}</DocumentTitle>;
  if (book.isPending) {
    return (
      <>
        {title}
        <CenteredSpinner label={t('game.launching')} />
      </>
    );
  }
  if (!target) {
    return (
      <>
        {title}
        <GameMessage text={t('game.notFound')} from="/sports" />
      </>
    );
  }
  return (
    <>
      {title}
      <GameMessage
        text={t('game.loginToPlay')}
        from="/sports"
        action={
          <Button variant="primary" onClick={() => launch(target, 'real')}>
            {t('game.openFb')}
          </Button>
        }
      />
    </>
  );
}
