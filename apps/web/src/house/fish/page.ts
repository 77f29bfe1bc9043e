import { ApiError, type HouseFish } from '@tessera/contract';
import { houseFrameEndpoints as endpoints } from '../../app/endpoints.ts';
import { el, formatDecimal, formatMinor } from '../dom.ts';
import { type EndPage, pageTop, panelLinks, stakePicker, startFramePage } from '../frame-page.ts';
import { frameLocale, type HouseKey, type HouseT, initHouseI18n } from '../i18n.ts';
import { dialog, fairnessPanel, historyPanel, lastRoundsPanel } from '../panels.ts';
import { api, type FrameSession } from '../session.ts';
import { createSea, type Sea } from './sea.ts';
import { type FishId, fishIcon } from './sprites.ts';

/**
 * The house's fish game (/house/fish/<game>), in the site's game frame. Fish swim across a drawn sea; the player
 * picks a stake and fires at a fish (a tap on it, or its button and Fire). Each shot is one round on the server,
 * which decides whether it hits and what it pays; the sea only shows the answer.
 */

/** Shots in flight at once: enough for quick play, few enough that the balance shown stays close. */
const MAX_IN_FLIGHT = 3;

const pays = (multipliers: number[]) =>
  multipliers.length === 1
    ? `×${multipliers[0]}`
    : `×${Math.min(...multipliers)}–${Math.max(...multipliers)}`;

/** A fraction "num/den" as a percentage with two decimals, in the site language's locale. */
function percent(fraction: string): string {
  const [num, den] = fraction.split('/').map(Number);
  return new Intl.NumberFormat(frameLocale(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format((num ?? 0) / (den || 1));
}

function fishTable(game: HouseFish, t: HouseT) {
  return dialog(t, t('fish.table.title'), (body) => {
    body.append(
      el('p', {}, t('fish.table.intro', { rtp: formatDecimal(game.rtpExact) })),
      el(
        'table',
        {},
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('th', { scope: 'col' }, t('fish.table.fish')),
            el('th', { scope: 'col' }, t('fish.table.pays')),
            el('th', { scope: 'col' }, t('fish.table.chance')),
          ),
        ),
        el(
          'tbody',
          {},
          ...game.fish.map((fish) =>
            el(
              'tr',
              {},
              el(
                'th',
                { scope: 'row', className: 'fish-name' },
                fishIcon(fish.id, '', 40),
                t(`fish.names.${fish.id}` as HouseKey),
              ),
              el('td', {}, fish.multipliers.map((m) => `×${m}`).join(' / ')),
              el('td', { className: 'mono' }, `${percent(fish.hitChance)} (${fish.hitChance})`),
            ),
          ),
        ),
      ),
    );
  });
}

function play(game: HouseFish, frame: FrameSession, t: HouseT, root: HTMLElement, ended: EndPage) {
  let balance = BigInt(game.balance);
  let appliedNonce = -1;
  let pending = 0n;
  let inFlight = 0;
  let aim: FishId = 'clownfish';
  let sea: Sea | null = null;

  const money = (minor: string | bigint) => `${formatMinor(minor, game.digits)} ${game.currency}`;
  const nameOf = (id: string) => t(`fish.names.${id}` as HouseKey);
  const balanceOut = el('output', { className: 'balance', 'aria-live': 'polite' });
  const picker = stakePicker(t, t('fish.stake'), game.betLimits, money, () => refresh());
  const fire = el('button', { type: 'button', className: 'spin fire' }, t('fish.fire'));
  const status = el('p', { className: 'status', role: 'status' }, t('fish.ready'));
  const canvas = el('canvas', { className: 'sea', role: 'img', 'aria-label': t('fish.sea') });
  const iconSize = window.matchMedia?.('(max-width: 480px)').matches ? 34 : 44;
  const aimButtons = game.fish.map((fish) => {
    const button = el(
      'button',
      { type: 'button', className: 'aim', 'aria-pressed': fish.id === aim ? 'true' : 'false' },
      fishIcon(fish.id, '', iconSize),
      el('span', { className: 'aim-name' }, nameOf(fish.id)),
      el('span', { className: 'aim-pays' }, pays(fish.multipliers)),
    );
    button.querySelector('canvas')?.setAttribute('aria-hidden', 'true');
    button.addEventListener('click', () => setAim(fish.id));
    return { id: fish.id, button };
  });
  const table = fishTable(game, t);
  const fairness = fairnessPanel(game, t, () => undefined);
  const history = historyPanel(game, t);
  const last = lastRoundsPanel(game, t);

  const refresh = () => {
    balanceOut.textContent = money(balance - pending);
    fire.disabled = inFlight >= MAX_IN_FLIGHT || picker.stake() > balance - pending;
  };
  function setAim(id: FishId) {
    aim = id;
    for (const entry of aimButtons)
      entry.button.setAttribute('aria-pressed', entry.id === id ? 'true' : 'false');
  }

  async function shootAt(target: ReturnType<Sea['fishOf']>) {
    const stake = picker.stake();
    if (!sea || inFlight >= MAX_IN_FLIGHT || stake > balance - pending) return;
    inFlight += 1;
    pending += stake;
    status.textContent = t('fish.firing', { name: nameOf(target.id) });
    refresh();
    const ocean = sea;
    try {
      const [answer] = await Promise.all([
        api(endpoints.shoot, { body: { bet: stake.toString(), fish: target.id } }),
        ocean.fire(target),
      ]);
      const { outcome, round } = answer;
      if (round.nonce > appliedNonce) {
        appliedNonce = round.nonce;
        // The wallet after this shot; shots still in flight are taken off what is shown until they answer.
        balance = BigInt(answer.balance);
      }
      if (outcome.hit) {
        ocean.land(target, true, `+${formatMinor(outcome.win, game.digits)}`);
        status.textContent = t('fish.caught', {
          name: nameOf(outcome.fish),
          multiplier: outcome.multiplier,
          amount: money(outcome.win),
        });
      } else {
        ocean.land(target, false, t('fish.miss'));
        status.textContent = t('fish.missed', { name: nameOf(outcome.fish) });
      }
    } catch (error) {
      ocean.release(target);
      if (error instanceof ApiError && error.status === 401) {
        ended();
        return;
      }
      status.textContent = error instanceof ApiError ? error.message : t('failed');
    } finally {
      inFlight -= 1;
      pending -= stake;
      refresh();
    }
  }

  fire.addEventListener('click', () => {
    if (sea) void shootAt(sea.fishOf(aim));
  });
  canvas.addEventListener('pointerdown', (event) => {
    if (!sea) return;
    const box = canvas.getBoundingClientRect();
    const target = sea.fishAt(event.clientX - box.left, event.clientY - box.top);
    if (!target) {
      status.textContent = t('fish.aimHint');
      return;
    }
    setAim(target.id);
    void shootAt(target);
  });

  const openers = [
    [t('fish.table.open'), table],
    [t('fair.open'), fairness],
    [t('last.open'), last],
    [t('history.open'), history],
  ] as const;
  root.replaceChildren(
    pageTop(t, frame, game.name, balanceOut),
    el('section', { className: 'machine ocean', 'aria-label': game.name }, canvas, status),
    el('section', { className: 'controls' }, picker.element, fire),
    el(
      'section',
      { className: 'aims', 'aria-label': t('fish.aimAt') },
      ...aimButtons.map((entry) => entry.button),
    ),
    panelLinks(openers, t('rtp', { rtp: formatDecimal(game.rtp) })),
    table.element,
    fairness.element,
    last.element,
    history.element,
  );
  sea = createSea(canvas);
  root.removeAttribute('aria-busy');
  document.title = game.name;
  refresh();
}

export async function startFish(root: HTMLElement): Promise<void> {
  const t = await initHouseI18n();
  await startFramePage(root, t, async (frame, ended) =>
    play(await api(endpoints.fish), frame, t, root, ended),
  );
}
