import '../ui/tokens.css';
import './house.css';
import { ApiError, type HouseSlot } from '@tessera/contract';
import { houseFrameEndpoints as endpoints } from '../app/endpoints.ts';
import { el, formatMinor, sleep } from './dom.ts';
import { type HouseT, initHouseI18n } from './i18n.ts';
import { fairnessPanel, historyPanel, paytablePanel } from './panels.ts';
import { reelsView } from './reels.ts';
import { api, endSession, type FrameSession, openSession } from './session.ts';
import { startTable } from './tables/table.ts';

/**
 * The house's slot page (/house/slots/<game>), in the game frame of the player site. Everything it shows comes
 * from the frame API; outcomes are drawn on the server, and the page only draws them.
 */

const root = document.getElementById('house') as HTMLElement;

/** The stakes offered: multiples of the smallest up to the largest (each on the game's steps). */
function stakeLadder(slot: HouseSlot): bigint[] {
  const min = BigInt(slot.betLimits.min);
  const max = BigInt(slot.betLimits.max);
  const ladder = new Set<bigint>();
  for (const factor of [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n]) {
    if (min * factor <= max) ladder.add(min * factor);
  }
  ladder.add(max);
  return [...ladder].sort((a, b) => (a < b ? -1 : 1));
}

function ended(t: HouseT, message = t('sessionEnded')) {
  endSession();
  root.replaceChildren(el('p', { className: 'notice', role: 'alert' }, message));
  root.removeAttribute('aria-busy');
}

function safeLobby(url: string): string | undefined {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function play(slot: HouseSlot, frame: FrameSession, t: HouseT) {
  const stakes = stakeLadder(slot);
  let stakeIndex = 0;
  let balance = BigInt(slot.balance);
  let busy = false;

  const money = (minor: string | bigint) => `${formatMinor(minor, slot.digits)} ${slot.currency}`;
  const balanceOut = el('output', { className: 'balance', 'aria-live': 'polite' }, money(balance));
  const stakeOut = el('output', { className: 'stake', 'aria-live': 'polite' });
  const lower = el('button', { type: 'button', className: 'round', 'aria-label': t('lowerStake') }, '−');
  const raise = el('button', { type: 'button', className: 'round', 'aria-label': t('raiseStake') }, '+');
  const spinButton = el('button', { type: 'button', className: 'spin' }, t('spin'));
  const status = el('p', { className: 'status', role: 'status' }, t('ready'));
  const reels = reelsView(slot, t);
  const paytable = paytablePanel(slot, t);
  const history = historyPanel(slot, t);
  const fairness = fairnessPanel(slot, t, () => undefined);

  const refresh = () => {
    const stake = stakes[stakeIndex] ?? stakes[0] ?? 0n;
    stakeOut.textContent = money(stake);
    balanceOut.textContent = money(balance);
    lower.disabled = busy || stakeIndex === 0;
    raise.disabled = busy || stakeIndex >= stakes.length - 1;
    spinButton.disabled = busy || stake > balance;
    spinButton.textContent = busy ? t('spinning') : t('spin');
  };
  lower.addEventListener('click', () => {
    stakeIndex = Math.max(0, stakeIndex - 1);
    refresh();
  });
  raise.addEventListener('click', () => {
    stakeIndex = Math.min(stakes.length - 1, stakeIndex + 1);
    refresh();
  });

  spinButton.addEventListener('click', async () => {
    const stake = stakes[stakeIndex];
    if (busy || stake === undefined) return;
    busy = true;
    refresh();
    status.textContent = t('spinning');
    reels.spinning(true);
    try {
      const [answer] = await Promise.all([
        api(endpoints.spin, { body: { bet: stake.toString() } }),
        sleep(700),
      ]);
      reels.spinning(false);
      reels.show(answer.outcome.base);
      balance = BigInt(answer.balance);
      let freeWin = 0n;
      for (const free of answer.outcome.freeSpins) {
        await sleep(650);
        reels.show(free);
        freeWin += BigInt(free.win);
        status.textContent = t('freeSpins', {
          count: answer.outcome.freeSpins.length,
          amount: money(freeWin),
        });
      }
      const total = BigInt(answer.outcome.totalWin);
      status.textContent = total > 0n ? t('win', { amount: money(total) }) : t('noWin');
    } catch (error) {
      reels.spinning(false);
      if (error instanceof ApiError && error.status === 401) {
        ended(t);
        return;
      }
      status.textContent = error instanceof ApiError ? error.message : t('failed');
    } finally {
      busy = false;
      refresh();
    }
  });

  const lobby = safeLobby(frame.lobbyUrl);
  const openers = [
    [t('paytable.open'), paytable],
    [t('fair.open'), fairness],
    [t('history.open'), history],
  ] as const;
  root.replaceChildren(
    el(
      'header',
      { className: 'top' },
      lobby && el('a', { className: 'back', href: lobby, target: '_top' }, `← ${t('back')}`),
      el('h1', {}, slot.name),
      el('p', { className: 'balance-line' }, `${t('balance')}: `, balanceOut),
    ),
    el('section', { className: 'machine', 'aria-label': slot.name }, reels.root, status),
    el(
      'section',
      { className: 'controls' },
      el(
        'div',
        { className: 'stake-picker' },
        el('span', { className: 'label' }, t('stake')),
        lower,
        stakeOut,
        raise,
      ),
      spinButton,
    ),
    el(
      'nav',
      { className: 'links' },
      ...openers.map(([label, panel]) => {
        const button = el('button', { type: 'button', className: 'ghost' }, label);
        button.addEventListener('click', () => void panel.open());
        return button;
      }),
      el(
        'span',
        { className: 'meta' },
        t('rtp', { rtp: slot.rtp }),
        ' · ',
        slot.ways ? t('ways', { count: slot.ways }) : t('lines', { count: slot.lines?.length ?? 0 }),
      ),
    ),
    paytable.element,
    fairness.element,
    history.element,
  );
  root.removeAttribute('aria-busy');
  document.title = slot.name;
  refresh();
}

async function start() {
  const t = await initHouseI18n();
  root.replaceChildren(el('p', { className: 'notice' }, t('loading')));
  try {
    const frame = await openSession();
    if (!frame) {
      ended(t);
      return;
    }
    play(await api(endpoints.slot), frame, t);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) ended(t);
    else ended(t, error instanceof ApiError ? error.message : t('failed'));
  }
}

// The page of each kind of house game, and the verification page: /house/<kind>/<game>, /house/verify.
const page = window.location.pathname;
if (page.startsWith('/house/fish/')) void import('./fish/page.ts').then((fish) => fish.startFish(root));
else if (page.startsWith('/house/verify'))
  void import('./verify/page.ts').then((verify) => verify.startVerify(root));
// The shared tables (/house/baccarat/<room>, /house/roulette/<table>) have their own page.
else if (/^\/house\/(baccarat|roulette)\//.test(page)) void initHouseI18n().then((t) => startTable(root, t));
else void start();
