import { useQuery } from '@tanstack/react-query';
import type { Game, GameType } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner, Modal, Pagination } from '../../ui/index.ts';
import { GameGrid } from './GameGrid.tsx';
import { vendorGamesQuery } from './queries.ts';

/** A VASSALAGE tile's popup (§3 game object): the games of that vendor in the lobby's category, in pages. */
export function VendorGamesModal({
  gameType,
  vendor,
  onClose,
}: {
  gameType: GameType;
  vendor: Game | null;
  onClose: () => void;
}) {
  return (
    <Modal open={vendor !== null} onClose={onClose} title={vendor?.gameName ?? ''} width={980}>
      {vendor ? <VendorGames key={vendor.vassalage} gameType={gameType} vendor={vendor} /> : null}
    </Modal>
  );
}

function VendorGames({ gameType, vendor }: { gameType: GameType; vendor: Game }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useQuery(vendorGamesQuery(gameType, vendor.vassalage, page));
  if (!data) return <CenteredSpinner label={t('common.loading')} />;
  return (
    <div className="vendor-games">
      <GameGrid
        games={data.games}
        label={t('lobby.vendorGames', { vendor: vendor.gameName })}
        onOpenVendor={() => undefined}
      />
      <Pagination page={page} pageCount={data.totalPages} onChange={setPage} label={t('lobby.pages')} />
    </div>
  );
}
