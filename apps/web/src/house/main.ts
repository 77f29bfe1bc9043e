import '@tessera/ui/tokens.css';
import '../ui/palette.css';
import './house.css';
import { ApiError, HOUSE_SPIN_INTERVAL_MS, type HouseSlot, type SpinAnswer } from '@tessera/contract';
import { houseFrameEndpoints as endpoints } from '../app/endpoints.ts';
import { el, formatDecimal, formatMinor, sleep } from './dom.ts';
import { type EndPage, outcomeLine, pageTop, panelLinks, stakePicker, startFramePage } from './frame-page.ts';
import { type HouseT, initHouseI18n } from './i18n.ts';
import { fairnessPanel, historyPanel, lastRoundsPanel, paytablePanel } from './panels.ts';
import { reelsView } from './reels.ts';
import { api, type FrameSession } from './session.ts';
import { startTable } from './tables/table.ts';

/**
 * The house's slot page (/house/slots/<game>), in the game frame of the player site. Everything it shows comes
 * from the frame API; outcomes are drawn on the server, and the page only draws them.
 */

const root = document.getElementById('house') as HTMLElement;

function play(slot: HouseSlot, frame: FrameSession, t: HouseT, ended: EndPage) {
  let balance = BigInt(slot.balance);
  let busy = false;
  /** The round waiting for the player to start its free spins (resumed on launch), or null. */
  let pending: SpinAnswer | null = null;
  /** When the next spin may start (the server refuses one sooner: HOUSE_SPIN_INTERVAL_MS after the last started). */
  let nextSpinAt = Date.now() + slot.nextSpinInMs;
  let cooldownTimer: ReturnType<typeof setInterval> | undefined;

  const money = (minor: string | bigint) => `${formatMinor(minor, slot.digits)} ${slot.currency}`;
  const balanceOut = el('output', { className: 'balance', 'aria-live': 'polite' }, money(balance));
  const picker = stakePicker(t, t('stake'), slot.betLimits, money, () => refresh());
  const cooldown = el('span', { className: 'cooldown', id: 'spin-cooldown' });
  const spinButton = el(
    'button',
    { type: 'button', className: 'spin', 'aria-describedby': 'spin-cooldown' },
    t('spin'),
  );
  const featureButton = el(
    'button',
    { type: 'button', className: 'spin feature', hidden: true },
    t('startFreeSpins'),
  );
  const status = el('p', { className: 'status', role: 'status' }, t('ready'));
  const reels = reelsView(slot, t);
  const paytable = paytablePanel(slot, t);
  const history = historyPanel(slot, t);
  const last = lastRoundsPanel(slot, t);
  const fairness = fairnessPanel(slot, t, () => undefined);

  const coolingFor = () => Math.max(0, nextSpinAt - Date.now());
  const refresh = () => {
    balanceOut.textContent = money(balance);
    picker.lock(busy || pending !== null);
    const waitMs = coolingFor();
    spinButton.disabled = busy || pending !== null || waitMs > 0 || picker.stake() > balance;
    spinButton.textContent = busy ? t('spinning') : t('spin');
    spinButton.hidden = pending !== null;
    featureButton.hidden = pending === null;
    featureButton.disabled = busy;
    cooldown.textContent =
      waitMs > 0 && !busy && pending === null
        ? t('nextSpin', { seconds: formatDecimal((Math.ceil(waitMs / 100) / 10).toFixed(1)) })
        : '';
    spinButton.style.setProperty('--cooldown', String(waitMs / HOUSE_SPIN_INTERVAL_MS));
    if (waitMs > 0 && cooldownTimer === undefined) {
      cooldownTimer = setInterval(() => {
        if (coolingFor() === 0) {
          clearInterval(cooldownTimer);
          cooldownTimer = undefined;
        }
        refresh();
      }, 100);
    }
  };

  /** Shows a round that waits for the player to start its free spins. */
  const awaitDecision = (answer: SpinAnswer, resumed: boolean) => {
    pending = answer;
    reels.show(answer.outcome.base, false);
    const count = answer.outcome.base.freeSpinsAwarded;
    status.textContent = resumed ? t('resumed', { count }) : t('freeSpinsWon', { count });
  };

  /** Shows a played round: its free spins one by one, then what it paid (a win only above the stake). */
  const showResult = async (answer: SpinAnswer, stake: bigint, spinFirst: boolean) => {
    const total = BigInt(answer.outcome.totalWin);
    const celebrate = total > stake;
    if (spinFirst) reels.show(answer.outcome.base, celebrate);
    let freeWin = 0n;
    for (const free of answer.outcome.freeSpins) {
      await sleep(650);
      reels.show(free, celebrate);
      freeWin += BigInt(free.win);
      status.textContent = t('freeSpins', { count: answer.outcome.freeSpins.length, amount: money(freeWin) });
    }
    balance = BigInt(answer.balance);
    status.textContent = outcomeLine(t, total, stake, money);
  };

  const failed = (error: unknown) => {
    reels.spinning(false);
    if (error instanceof ApiError && error.status === 401) {
      ended();
      return;
    }
    status.textContent = error instanceof ApiError ? error.message : t('failed');
  };

  spinButton.addEventListener('click', async () => {
    const stake = picker.stake();
    if (busy || pending || coolingFor() > 0) return;
    busy = true;
    nextSpinAt = Date.now() + HOUSE_SPIN_INTERVAL_MS;
    refresh();
    status.textContent = t('spinning');
    reels.spinning(true);
    try {
      const spin = async () => {
        try {
          return await api(endpoints.spin, { body: { bet: stake.toString() } });
        } catch (error) {
          // The server counts from its own clock: the page waits the interval out and spins then.
          if (!(error instanceof ApiError) || error.code !== 'house_spin_too_soon') throw error;
          await sleep(HOUSE_SPIN_INTERVAL_MS);
          nextSpinAt = Date.now() + HOUSE_SPIN_INTERVAL_MS;
          return api(endpoints.spin, { body: { bet: stake.toString() } });
        }
      };
      const [answer] = await Promise.all([spin(), sleep(700)]);
      reels.spinning(false);
      balance = BigInt(answer.balance);
      if (answer.round.decision === 'freeSpins') awaitDecision(answer, false);
      else await showResult(answer, stake, true);
    } catch (error) {
      failed(error);
    } finally {
      busy = false;
      refresh();
    }
  });

  featureButton.addEventListener('click', async () => {
    const waiting = pending;
    if (busy || !waiting) return;
    busy = true;
    refresh();
    try {
      const answer = await api(endpoints.freeSpins, { body: { round: waiting.round.id } });
      pending = null;
      await showResult(answer, BigInt(answer.round.bet), false);
    } catch (error) {
      failed(error);
    } finally {
      busy = false;
      refresh();
    }
  });

  const openers = [
    [t('paytable.open'), paytable],
    [t('fair.open'), fairness],
    [t('last.open'), last],
    [t('history.open'), history],
  ] as const;
  root.replaceChildren(
    pageTop(t, frame, slot.name, balanceOut),
    el('section', { className: 'machine', 'aria-label': slot.name }, reels.root, status),
    el('section', { className: 'controls' }, picker.element, spinButton, featureButton, cooldown),
    panelLinks(
      openers,
      t('rtp', { rtp: formatDecimal(slot.rtp) }),
      ' · ',
      slot.ways ? t('ways', { count: slot.ways }) : t('lines', { count: slot.lines?.length ?? 0 }),
    ),
    paytable.element,
    fairness.element,
    last.element,
    history.element,
  );
  root.removeAttribute('aria-busy');
  document.title = slot.name;
  if (slot.pending) awaitDecision(slot.pending, true);
  refresh();
}

async function start() {
  const t = await initHouseI18n();
  await startFramePage(root, t, async (frame, ended) => play(await api(endpoints.slot), frame, t, ended));
}

// The page of each kind of house game, and the verification page: /house/<kind>/<game>, /house/verify.
const page = window.location.pathname;
if (page.startsWith('/house/fish/')) void import('./fish/page.ts').then((fish) => fish.startFish(root));
else if (page.startsWith('/house/verify'))
  void import('./verify/page.ts').then((verify) => verify.startVerify(root));
// The shared tables (/house/baccarat/<room>, /house/roulette/<table>) have their own page.
else if (/^\/house\/(baccarat|roulette)\//.test(page)) void initHouseI18n().then((t) => startTable(root, t));
else void start();
