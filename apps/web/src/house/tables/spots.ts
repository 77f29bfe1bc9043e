import type { HouseTableKind } from '@tessera/contract';

/**
 * The spots a table's board offers, as the server names them (`player`, `straight:17`, `dozen:2`, `red` …), with
 * their place on the board. Roulette's numbers sit three to a column on a wide screen and three to a row on a phone
 * (CSS reads the --x/--y and --px/--py custom properties).
 */
export interface Spot {
  id: string;
  /** The key under tables.spots, with its values. */
  label: string;
  values?: Record<string, unknown>;
  /** The text on the button when it is not the label (a number). */
  short?: string;
  pays?: string;
  className: string;
  style?: string;
}

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export function spotsOf(kind: HouseTableKind): Spot[] {
  if (kind === 'baccarat') {
    return [
      { id: 'playerPair', label: 'playerPair', pays: '11:1', className: 'side player-pair' },
      { id: 'tie', label: 'tie', pays: '8:1', className: 'side tie' },
      { id: 'bankerPair', label: 'bankerPair', pays: '11:1', className: 'side banker-pair' },
      { id: 'player', label: 'player', pays: '1:1', className: 'main player' },
      { id: 'banker', label: 'banker', pays: '0.95:1', className: 'main banker' },
    ];
  }
  const spots: Spot[] = [
    {
      id: 'straight:0',
      label: 'number',
      values: { number: 0 },
      short: '0',
      className: 'number green zero',
    },
  ];
  for (let n = 1; n <= 36; n++) {
    const column = Math.ceil(n / 3); // 1..12 along the table
    const row = 3 - ((n - 1) % 3); // 1 (top: 3, 6, …) to 3 (bottom: 1, 4, …)
    spots.push({
      id: `straight:${n}`,
      label: 'number',
      values: { number: n },
      short: String(n),
      className: `number ${RED.includes(n) ? 'red' : 'black'}`,
      style: `--x:${column + 1};--y:${row};--px:${4 - row};--py:${column + 1}`,
    });
  }
  const outside: [string, string, Record<string, unknown> | undefined, string][] = [
    ['dozen:1', 'dozen', { which: 1 }, '2:1'],
    ['dozen:2', 'dozen', { which: 2 }, '2:1'],
    ['dozen:3', 'dozen', { which: 3 }, '2:1'],
    ['column:1', 'column', { which: 1 }, '2:1'],
    ['column:2', 'column', { which: 2 }, '2:1'],
    ['column:3', 'column', { which: 3 }, '2:1'],
    ['low', 'low', undefined, '1:1'],
    ['even', 'even', undefined, '1:1'],
    ['red', 'red', undefined, '1:1'],
    ['black', 'black', undefined, '1:1'],
    ['odd', 'odd', undefined, '1:1'],
    ['high', 'high', undefined, '1:1'],
  ];
  for (const [id, label, values, pays] of outside) {
    spots.push({ id, label, values, pays, className: `outside ${id.replace(':', '-')}` });
  }
  return spots;
}
