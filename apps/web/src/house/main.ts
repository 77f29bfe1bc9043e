import '@tessera/ui/tokens.css';
import '../ui/palette.css';
import './house.css';
import { ApiError, type HouseSlot } from '@tessera/contract';
import { houseFrameEndpoints as endpoints } from '../app/endpoints.ts';
import { el, formatDecimal, formatMinor, sleep } from './dom.ts';
import { type EndPage, outcomeLine, pageTop, panelLinks, stakePicker, startFramePage } from './frame-page.ts';
import { type HouseT, initHouseI18n } from './i18n.ts';
import { fairnessPanel, historyPanel, paytablePanel } from './panels.ts';
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

  const money = (minor: string | bigint) => `${formatMinor(minor, slot.digits)} ${slot.currency}`;
  const balanceOut = el('output', { className: 'balance', 'aria-live': 'polite' }, money(balance));
  const picker = stakePicker(t, t('stake'), slot.betLimits, money, () => refresh());
  const spinButton = el('button', { type: 'button', className: 'spin' }, t('spin'));
  const status = el('p', { className: 'status', role: 'status' }, t('ready'));
  const reels = reelsView(slot, t);
  const paytable = paytablePanel(slot, t);
  const history = historyPanel(slot, t);
  const fairness = fairnessPanel(slot, t, () => undefined);

  const refresh = () => {
    balanceOut.textContent = money(balance);
    picker.lock(busy);
    spinButton.disabled = busy || picker.stake() > balance;
    spinButton.textContent = busy ? t('spinning') : t('spin');
  };

  spinButton.addEventListener('click', async () => {
    const stake = picker.stake();
    if (busy) return;
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
      status.textContent = outcomeLine(t, total, stake, money);
    } catch (error) {
      reels.spinning(false);
      if (error instanceof ApiError && error.status === 401) {
        ended();
        return;
      }
      status.textContent = error instanceof ApiError ? error.message : t('failed');
    } finally {
      busy = false;
      refresh();
    }
  });

  const openers = [
    [t('paytable.open'), paytable],
    [t('fair.open'), fairness],
    [t('history.open'), history],
  ] as const;
  root.replaceChildren(
    pageTop(t, frame, slot.name, balanceOut),
    el('section', { className: 'machine', 'aria-label': slot.name }, reels.root, status),
    el('section', { className: 'controls' }, picker.element, spinButton),
    panelLinks(
      openers,
      t('rtp', { rtp: formatDecimal(slot.rtp) }),
      ' · ',
      slot.ways ? t('ways', { count: slot.ways }) : t('lines', { count: slot.lines?.length ?? 0 }),
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
