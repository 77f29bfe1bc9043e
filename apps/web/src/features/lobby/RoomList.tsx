import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../ui/index.ts';
import { useLaunchGame } from '../game/launch.ts';
import { money } from '../wallet/queries.ts';
import { roomsQuery } from './queries.ts';

/** The PVP lobby's card and board rooms (GLS2_roomList): each joins its game in that room. */
export function RoomList() {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  const { data } = useQuery(roomsQuery);
  const rooms = data?.list ?? [];
  if (rooms.length === 0) return null;
  return (
    <section className="rooms" aria-labelledby="rooms-title">
      <h2 id="rooms-title" className="lobby-section-title">
        {t('lobby.rooms.title')}
      </h2>
      <ul className="rooms__list">
        {rooms.map((room) => (
          <li key={room.roomId} className="rooms__item">
            <span className="rooms__art">
              <LazyImage src={room.icon} alt="" />
            </span>
            <span className="rooms__text">
              <span className="rooms__name">{room.roomName}</span>
              <span className="rooms__meta">
                {t('lobby.rooms.minBet', { amount: money(room.minBet, 2) })}
                {room.players > 0 ? ` · ${t('lobby.rooms.players', { count: room.players })}` : ''}
              </span>
            </span>
            <button
              type="button"
              className="rooms__join"
              aria-label={t('lobby.rooms.join', { room: room.roomName })}
              onClick={() =>
                launch(
                  {
                    nodeId: room.nodeId,
                    gameId: null,
                    roomId: room.roomId,
                    vassalage: room.vassalage,
                    gameType: 'PVP',
                    trial: false,
                    playMoney: room.playMoney,
                    gameName: room.roomName,
                  },
                  'real',
                )
              }
            >
              {t('lobby.rooms.enter')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
