import { ApiError, type HouseTable, type TableOutcome, type TableState } from '@tessera/contract';
import { houseTableFrameEndpoints as endpoints } from '../../app/endpoints.ts';
import { session } from '../../lib/storage.ts';
import { el, formatDecimal, formatMinor, sleep } from '../dom.ts';
import { type EndPage, outcomeLine, pageTop, panelLinks, startFramePage } from '../frame-page.ts';
import type { HouseKey, HouseT } from '../i18n.ts';
import { dialog } from '../panels.ts';
import { api, type FrameSession } from '../session.ts';
import { chipArt } from './art.ts';
import { baccaratScene, rouletteScene, type Scene } from './scenes.ts';
import { type Spot, spotsOf } from './spots.ts';
import './tables.css';

/**
 * A shared table's page (/house/baccarat/<room>, /house/roulette/<table>): every player at the table sees the same
 * timed rounds, which the page follows by asking the server for the table's state every second. The server decides
 * everything (the round, its close, its outcome); the page draws the countdown, the dealer's deal or spin, the
 * players at the table and the player's chips.
 */

const POLL_MS = 1000;
const HIDDEN_POLL_MS = 5000;
const CLIENT_SEED_KEY = 'house-table-client-seed';

function randomSeed(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A spot's name on its button: the sentence's word with a capital. */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The limits of the table's main spot (player, red). */
const mainLimit = (table: HouseTable) =>
  table.limits[table.kind === 'baccarat' ? 'player' : 'red'] ?? { min: table.step, max: table.step };

/** Chip values: the smallest stake times 1, 5, 10, 50, 100, 500, within the main spot's maximum. */
function chipValues(table: HouseTable): bigint[] {
  const main = mainLimit(table);
  const min = BigInt(main.min);
  const values = [1n, 5n, 10n, 50n, 100n, 500n]
    .map((factor) => min * factor)
    .filter((v) => v <= BigInt(main.max));
  return values.length > 0 ? values : [min];
}

export async function startTable(root: HTMLElement, t: HouseT): Promise<void> {
  await startFramePage(root, t, async (frame, ended) => {
    const table = await api(endpoints.table);
    const first = await api(endpoints.state);
    play(root, table, first, frame, t, ended);
  });
}

function play(
  root: HTMLElement,
  table: HouseTable,
  initial: TableState,
  frame: FrameSession,
  t: HouseT,
  ended: EndPage,
) {
  const money = (minor: string | bigint) => `${formatMinor(minor, table.digits)} ${table.currency}`;
  const chips = chipValues(table);
  let chip = chips[0] ?? 0n;
  let state = initial;
  /** The server's clock minus the device's, from the last answer. */
  let offset = Date.parse(state.now) - Date.now();
  const pending = new Map<string, bigint>();
  let placing = false;
  let shownRound = -1;
  /** The round whose outcome the scene finished showing: its result is told only then. */
  let revealedRound = -1;
  let clearedRound = -1;
  let message = '';
  let clientSeed = session.get(CLIENT_SEED_KEY) ?? randomSeed();
  session.set(CLIENT_SEED_KEY, clientSeed);

  const scene: Scene = table.kind === 'baccarat' ? baccaratScene(t) : rouletteScene(t);
  const balanceOut = el('output', { className: 'balance', 'aria-live': 'polite' });
  const status = el('p', { className: 'status table-status', role: 'status' });
  const timer = el('div', { className: 'timer', 'aria-hidden': 'true' }, el('span', {}));
  const roundLine = el('p', { className: 'round-line' });
  const playersOut = el('p', { className: 'players' });
  const seatList = el('ul', { className: 'seats', 'aria-label': t('tables.seats') });
  const road = el('ol', { className: 'road', 'aria-label': t('tables.history') });
  const pendingOut = el('output', { className: 'pending', id: 'table-pending', 'aria-live': 'polite' });
  // Why Place bet cannot be pressed (chips above the balance) is read with it.
  const placeButton = el(
    'button',
    { type: 'button', className: 'spin place', 'aria-describedby': 'table-pending' },
    t('tables.placeBet'),
  );
  const clearButton = el('button', { type: 'button', className: 'ghost' }, t('tables.clear'));

  const spots: Spot[] = spotsOf(table.kind);
  const spotButtons = new Map<string, { button: HTMLButtonElement; total: HTMLElement; mine: HTMLElement }>();
  const spotName = (spot: Spot) => t(`tables.spots.${spot.label}` as HouseKey, spot.values);
  const board = el('div', { className: `board board-${table.kind}` });
  for (const spot of spots) {
    const total = el('span', { className: 'spot-total' });
    const mine = el('span', { className: 'spot-mine' });
    const button = el(
      'button',
      {
        type: 'button',
        className: `spot ${spot.className}`,
        'aria-label': t('tables.betOn', { spot: spotName(spot) }),
        style: spot.style,
      },
      el('span', { className: 'spot-name' }, spot.short ?? capitalised(spotName(spot))),
      spot.pays ? el('span', { className: 'spot-pays' }, spot.pays) : null,
      total,
      mine,
    );
    button.addEventListener('click', () => {
      pending.set(spot.id, (pending.get(spot.id) ?? 0n) + chip);
      message = '';
      render();
    });
    spotButtons.set(spot.id, { button, total, mine });
    board.append(button);
  }

  const chipButtons = chips.map((value, index) => {
    const button = el(
      'button',
      { type: 'button', className: 'chip', 'aria-label': t('tables.chip', { amount: money(value) }) },
      chipArt(formatMinor(value, table.digits, { short: true }), index),
    );
    button.addEventListener('click', () => {
      chip = value;
      render();
    });
    return { value, button };
  });

  clearButton.addEventListener('click', () => {
    pending.clear();
    message = '';
    render();
  });
  placeButton.addEventListener('click', async () => {
    if (placing || pending.size === 0) return;
    placing = true;
    render();
    try {
      const answer = await api(endpoints.bet, {
        body: {
          round: state.round.round,
          spots: [...pending].map(([spot, stake]) => ({ spot, stake: stake.toString() })),
          clientSeed,
        },
      });
      pending.clear();
      state = { ...state, balance: answer.balance, mine: [...state.mine, ...answer.bet.spots] };
      message = t('tables.betPlaced', { amount: money(answer.bet.stake) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        stop();
        ended();
        return;
      }
      message = error instanceof ApiError ? error.message : t('failed');
    } finally {
      placing = false;
      render();
    }
  });

  const nowServer = () => Date.now() + offset;
  const bettingOpen = () =>
    state.round.state === 'betting' &&
    Date.parse(state.round.opensAt) <= nowServer() &&
    nowServer() < Date.parse(state.round.closesAt);

  function outcomeText(outcome: TableOutcome): string {
    if (outcome.kind === 'baccarat') {
      return `${t(`tables.winner.${outcome.winner}`)} · ${t('tables.hands', {
        player: outcome.playerTotal,
        banker: outcome.bankerTotal,
      })}`;
    }
    return t('tables.pocket', { pocket: outcome.pocket, colour: t(`tables.colour.${outcome.colour}`) });
  }

  function render() {
    balanceOut.textContent = money(state.balance);
    const open = bettingOpen();
    const left = Math.max(0, Math.ceil((Date.parse(state.round.closesAt) - nowServer()) / 1000));
    let line: string;
    const revealed = state.round.outcome && revealedRound === state.round.round ? state.round.outcome : null;
    if (open) line = t('tables.placeBets', { seconds: left });
    else if (revealed) line = outcomeText(revealed);
    else if (state.round.state === 'voided') line = t('tables.voided');
    else line = table.kind === 'baccarat' ? t('tables.dealing') : t('tables.spinning');
    if (!open && revealed && state.myPayout !== null) {
      const payout = BigInt(state.myPayout);
      const staked = state.mine.reduce((sum, spot) => sum + BigInt(spot.stake), 0n);
      line += ` — ${payout > 0n ? outcomeLine(t, payout, staked, money) : t('tables.lost')}`;
    }
    status.textContent = message ? `${line} · ${message}` : line;
    const span = timer.firstElementChild as HTMLElement;
    const windowMs = Date.parse(state.round.closesAt) - Date.parse(state.round.opensAt);
    const fraction = open ? (Date.parse(state.round.closesAt) - nowServer()) / windowMs : 0;
    span.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
    timer.classList.toggle('closing', open && left <= 3);
    roundLine.textContent = t('tables.roundLine', {
      round: state.round.round,
      hash: `${state.round.commitment.slice(0, 16)}…`,
    });
    playersOut.textContent = t('tables.players', { count: state.players });
    seatList.replaceChildren(
      ...(state.seats.length === 0
        ? [el('li', { className: 'muted' }, t('tables.nobody'))]
        : state.seats.map((seat) =>
            el(
              'li',
              { className: seat.me ? 'me' : '' },
              el('span', {}, seat.me ? `${seat.name} (${t('tables.you')})` : seat.name),
              el('span', {}, money(seat.stake)),
            ),
          )),
    );
    const mine = new Map<string, bigint>();
    for (const spot of state.mine) mine.set(spot.spot, (mine.get(spot.spot) ?? 0n) + BigInt(spot.stake));
    const winning = revealed ? new Set(winningSpots(revealed)) : new Set<string>();
    for (const [id, parts] of spotButtons) {
      const total = state.totals[id];
      parts.total.textContent = total ? money(total) : '';
      const own = (mine.get(id) ?? 0n) + (pending.get(id) ?? 0n);
      parts.mine.textContent = own > 0n ? formatMinor(own, table.digits) : '';
      parts.button.classList.toggle('has-pending', pending.has(id));
      parts.button.classList.toggle('won', winning.has(id));
      parts.button.disabled = !open || placing;
    }
    for (const { value, button } of chipButtons) {
      button.setAttribute('aria-pressed', String(value === chip));
      button.disabled = BigInt(state.balance) < value;
    }
    const pendingTotal = [...pending.values()].reduce((sum, v) => sum + v, 0n);
    const overBalance = pendingTotal > BigInt(state.balance);
    pendingOut.textContent =
      pendingTotal === 0n
        ? ''
        : overBalance
          ? t('tables.overBalance', { amount: money(pendingTotal), balance: money(state.balance) })
          : t('tables.pending', { amount: money(pendingTotal) });
    pendingOut.classList.toggle('over', overBalance);
    placeButton.disabled = !open || placing || pendingTotal === 0n || overBalance;
    clearButton.disabled = pending.size === 0 || placing;
    road.replaceChildren(
      ...state.history.slice(0, 16).map((entry) =>
        el(
          'li',
          {
            className: `road-${roadClass(entry.outcome)}`,
            title: t('tables.roundNumber', { round: entry.round }),
          },
          roadLabel(entry.outcome, t),
        ),
      ),
    );
  }

  async function showRound() {
    const { round } = state;
    if (round.outcome && round.round !== shownRound) {
      shownRound = round.round;
      message = '';
      await scene.reveal(round.outcome);
      revealedRound = round.round;
      render();
    } else if (!round.outcome && round.round !== shownRound && round.round !== clearedRound) {
      // A new round: the table is cleared once.
      clearedRound = round.round;
      scene.reset();
    }
  }

  let stopped = false;
  const stop = () => {
    stopped = true;
    window.clearInterval(ticker);
  };

  async function poll() {
    while (!stopped) {
      // A hidden tab asks less often; the round is the server's either way.
      await sleep(document.hidden ? HIDDEN_POLL_MS : POLL_MS);
      try {
        const before = state.round.round;
        state = await api(endpoints.state);
        offset = Date.parse(state.now) - Date.now();
        if (state.round.round !== before) {
          pending.clear();
          message = '';
        }
        void showRound();
        render();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          stop();
          ended();
          return;
        }
        // A missed poll (the network): the next one catches up.
      }
    }
  }

  const fairness = dialog(t, t('tables.fair.title'), (body) => {
    const input = el('input', {
      type: 'text',
      id: 'table-client-seed',
      value: clientSeed,
      maxlength: '64',
      autocomplete: 'off',
    });
    const save = el('button', { type: 'button', className: 'ghost' }, t('tables.fair.save'));
    const saved = el('p', { role: 'status' });
    save.addEventListener('click', () => {
      const value = input.value.trim();
      if (!/^[\x20-\x7e]{1,64}$/.test(value)) {
        saved.textContent = t('tables.fair.invalidSeed');
        return;
      }
      clientSeed = value;
      session.set(CLIENT_SEED_KEY, value);
      saved.textContent = t('tables.fair.saved');
    });
    const last = state.round.serverSeed ? state.round : null;
    const row = (label: string, value: string) =>
      el('div', { className: 'fair-row' }, el('dt', {}, label), el('dd', {}, el('code', {}, value)));
    body.append(
      el('p', {}, t('tables.fair.how')),
      el(
        'dl',
        { className: 'fair-list' },
        row(t('tables.fair.commitment', { round: state.round.round }), state.round.commitment),
        row(t('tables.fair.next', { round: state.next.round }), state.next.commitment),
        last ? row(t('tables.fair.serverSeed', { round: last.round }), last.serverSeed ?? '') : null,
        last ? row(t('tables.fair.salt'), last.salt ?? '') : null,
      ),
      el('label', { for: 'table-client-seed' }, t('tables.fair.clientSeed')),
      el('div', { className: 'seed-row' }, input, save),
      saved,
      el(
        'p',
        { className: 'muted' },
        t('tables.fair.rtp', { rtp: formatDecimal(Object.values(table.rtp)[0] ?? '') }),
      ),
      el('p', {}, el('a', { className: 'verify-link', href: verifyHref() }, t('tables.fair.verify'))),
    );
  });

  const myBets = dialog(t, t('tables.myBets.title'), async (body) => {
    const page = await api(endpoints.bets, { query: { pageNo: 1, pageSize: 20 } });
    if (page.list.length === 0) {
      body.append(el('p', {}, t('tables.myBets.empty')));
      return;
    }
    body.append(
      el(
        'ul',
        { className: 'bet-list' },
        ...page.list.map((bet) =>
          el(
            'li',
            {},
            el(
              'p',
              { className: 'bet-head' },
              el('strong', {}, t('tables.roundNumber', { round: bet.proof.round })),
              ` · ${bet.spots.map((spot) => `${spotLabel(spot.spot, spots, t)} ${money(spot.stake)}`).join(', ')}`,
            ),
            el(
              'p',
              {},
              t(`tables.myBets.${bet.state}` as HouseKey, { amount: money(bet.payout ?? '0') }),
              bet.proof.outcome ? ` · ${outcomeText(bet.proof.outcome)}` : '',
            ),
            el(
              'p',
              { className: 'muted' },
              `${t('tables.fair.hash')}: `,
              el('code', {}, bet.proof.commitment),
            ),
            bet.proof.serverSeed
              ? el(
                  'p',
                  { className: 'muted' },
                  `${t('tables.fair.seed')}: `,
                  el('code', {}, bet.proof.serverSeed),
                )
              : null,
            bet.proof.serverSeed && bet.proof.outcome
              ? el(
                  'p',
                  {},
                  el(
                    'a',
                    { className: 'verify-link', href: verifyHref(bet.id) },
                    t('tables.myBets.verify', { round: bet.proof.round }),
                  ),
                )
              : null,
          ),
        ),
      ),
    );
  });

  root.replaceChildren(
    pageTop(t, frame, table.name, balanceOut),
    el(
      'section',
      { className: `stage stage-${table.kind}`, 'aria-label': t('tables.table') },
      scene.element,
      roundLine,
    ),
    // The countdown and the table's news stay on screen while the player scrolls down to the chips.
    el('div', { className: 'table-clock' }, timer, status),
    el(
      'section',
      { className: 'betting', 'aria-label': t('tables.betting') },
      board,
      el(
        'div',
        { className: 'chip-row' },
        el(
          'div',
          { className: 'chips', role: 'group', 'aria-label': t('tables.chips') },
          ...chipButtons.map((entry) => entry.button),
        ),
        pendingOut,
        el('div', { className: 'actions' }, clearButton, placeButton),
      ),
    ),
    el(
      'section',
      { className: 'table-info' },
      el('div', { className: 'seat-panel' }, el('h2', {}, t('tables.seats')), playersOut, seatList),
      el('div', { className: 'road-panel' }, el('h2', {}, t('tables.history')), road),
    ),
    panelLinks(
      [
        [t('tables.fair.title'), fairness],
        [t('tables.myBets.open'), myBets],
      ],
      t('tables.limits', { min: money(mainLimit(table).min), max: money(mainLimit(table).max) }),
    ),
    fairness.element,
    myBets.element,
  );
  root.removeAttribute('aria-busy');
  document.title = table.name;
  void showRound();
  render();
  // The countdown ticks between polls.
  const ticker = window.setInterval(render, 250);
  void poll();
}

/**
 * The verification page (/house/verify) in the same frame, for this table's rounds: it reads the player's bets with
 * the table's session, picks the bet given, and its back link returns here.
 */
function verifyHref(bet?: string): string {
  const query = new URLSearchParams({ from: window.location.pathname });
  if (bet) query.set('bet', bet);
  return `/house/verify?${query}`;
}

/** The spots a round's outcome pays. */
function winningSpots(outcome: TableOutcome): string[] {
  if (outcome.kind === 'baccarat') {
    return [
      outcome.winner,
      ...(outcome.playerPair ? ['playerPair'] : []),
      ...(outcome.bankerPair ? ['bankerPair'] : []),
    ];
  }
  const n = outcome.pocket;
  if (n === 0) return ['straight:0'];
  return [
    `straight:${n}`,
    outcome.colour,
    n % 2 === 0 ? 'even' : 'odd',
    n <= 18 ? 'low' : 'high',
    `dozen:${Math.ceil(n / 12)}`,
    `column:${((n - 1) % 3) + 1}`,
  ];
}

function roadClass(outcome: TableOutcome): string {
  return outcome.kind === 'baccarat' ? outcome.winner : outcome.colour;
}

function roadLabel(outcome: TableOutcome, t: HouseT): string {
  if (outcome.kind === 'roulette') return String(outcome.pocket);
  return t(`tables.road.${outcome.winner}`);
}

function spotLabel(id: string, spots: Spot[], t: HouseT): string {
  const spot = spots.find((entry) => entry.id === id);
  return spot ? t(`tables.spots.${spot.label}` as HouseKey, spot.values) : id;
}
