import { ApiError, type HouseLastRound, type HouseSlot, type SeedRotation } from '@tessera/contract';
import { houseFrameEndpoints as endpoints } from '../app/endpoints.ts';
import { el, formatDecimal, formatMinor, scrollTable } from './dom.ts';
import { frameLocale, type HouseKey, type HouseT } from './i18n.ts';
import { symbolCell } from './reels.ts';
import { api } from './session.ts';

/** The frame's dialogs: the paytable, provably fair seeds, and the player's rounds with their seeds. */

/** A modal <dialog> with a title and a close button; `fill` draws its body each time it opens. */
export function dialog(t: HouseT, title: string, fill: (body: HTMLElement) => Promise<void> | void) {
  const body = el('div', { className: 'dialog-body' });
  const heading = el('h2', {}, title);
  const close = el('button', { type: 'button', className: 'ghost' }, t('close'));
  const element = el(
    'dialog',
    { className: 'panel', 'aria-label': title },
    el('header', {}, heading, close),
    body,
  );
  close.addEventListener('click', () => element.close());
  element.addEventListener('click', (event) => {
    if (event.target === element) element.close();
  });
  return {
    element,
    async open() {
      body.replaceChildren(el('p', {}, t('loading')));
      element.showModal();
      try {
        body.replaceChildren();
        await fill(body);
      } catch (error) {
        body.replaceChildren(
          el('p', { role: 'alert' }, error instanceof ApiError ? error.message : t('failed')),
        );
      }
    },
  };
}

export function paytablePanel(slot: HouseSlot, t: HouseT) {
  return dialog(t, t('paytable.title'), (body) => {
    const rows = slot.symbols
      .filter((symbol) => symbol.pays.length > 0 || symbol.kind === 'wild')
      .map((symbol) =>
        el(
          'tr',
          {},
          el(
            'th',
            { scope: 'row' },
            symbolCell(slot, symbol.id, t),
            ' ',
            t(`symbols.${symbol.id}` as HouseKey),
          ),
          el(
            'td',
            {},
            symbol.pays
              .map((pay) => `${t('paytable.count', { count: pay.count })} ${pay.coins}`)
              .join(' · ') || '—',
          ),
        ),
      );
    body.append(
      el(
        'div',
        {},
        el(
          'p',
          {},
          t('rtp', { rtp: formatDecimal(slot.rtpExact) }),
          ' · ',
          slot.ways ? t('ways', { count: slot.ways }) : t('lines', { count: slot.lines?.length ?? 0 }),
        ),
        el(
          'table',
          {},
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', { scope: 'col' }, t('paytable.symbol')),
              el('th', { scope: 'col' }, t('paytable.pays')),
            ),
          ),
          el('tbody', {}, ...rows),
        ),
        el('p', {}, t('paytable.coin', { coins: slot.betCoins })),
        el('p', {}, t('paytable.wild')),
        el('p', {}, t('paytable.scatter')),
        slot.expandingWildReels.length > 0 &&
          el(
            'p',
            {},
            t('paytable.expanding', { reels: slot.expandingWildReels.map((reel) => reel + 1).join(', ') }),
          ),
        slot.freeSpins &&
          el(
            'p',
            {},
            t('paytable.freeSpins', { cap: slot.freeSpins.cap, multiplier: slot.freeSpins.multiplier }),
          ),
      ),
    );
  });
}

const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

function definition(term: string, value: string) {
  return [el('dt', {}, term), el('dd', { className: 'mono' }, value)];
}

/**
 * The verification page (/house/verify), opened in the frame from the game at `from`: it reads the rounds with the
 * same game session and its back link returns to the game.
 */
function verifyHref(round?: string): string {
  const query = new URLSearchParams({ from: window.location.pathname });
  if (round) query.set('round', round);
  return `/house/verify?${query}`;
}

export function fairnessPanel(game: { configFingerprint: string }, t: HouseT, onRotated: () => void) {
  const revealed = el('div', { className: 'revealed', 'aria-live': 'polite' });
  const showRotation = (rotation: SeedRotation) => {
    revealed.replaceChildren(
      el(
        'dl',
        {},
        ...definition(t('fair.revealed'), rotation.previous.serverSeed),
        ...definition(t('fair.commitment'), rotation.previous.commitment),
        el(
          'dt',
          {},
          t('fair.revealedFor', {
            count: rotation.previous.rounds,
            clientSeed: rotation.previous.clientSeed,
          }),
        ),
      ),
    );
    onRotated();
  };
  const panel = dialog(t, t('fair.title'), async (body) => {
    const state = await api(endpoints.fairness);
    const input = el('input', {
      id: 'client-seed',
      name: 'clientSeed',
      maxlength: '64',
      autocomplete: 'off',
      spellcheck: 'false',
      value: state.clientSeed,
    });
    const hint = el('p', { className: 'hint', id: 'client-seed-hint' }, t('fair.invalidSeed'));
    input.setAttribute('aria-describedby', 'client-seed-hint');
    const form = el(
      'form',
      { className: 'seed-form' },
      el('label', { for: 'client-seed' }, t('fair.newClientSeed')),
      input,
      hint,
      el('button', { type: 'submit' }, t('fair.useClientSeed')),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!CLIENT_SEED.test(input.value)) {
        input.setAttribute('aria-invalid', 'true');
        hint.setAttribute('role', 'alert');
        return;
      }
      input.removeAttribute('aria-invalid');
      showRotation(await api(endpoints.setClientSeed, { body: { clientSeed: input.value } }));
      await panel.open();
    });
    const rotate = el('button', { type: 'button', className: 'ghost' }, t('fair.rotate'));
    rotate.addEventListener('click', async () => {
      try {
        showRotation(await api(endpoints.rotateSeed));
        await panel.open();
      } catch (error) {
        revealed.replaceChildren(
          el('p', { role: 'alert' }, error instanceof ApiError ? error.message : t('failed')),
        );
      }
    });
    body.append(
      el('p', {}, t('fair.intro')),
      el(
        'dl',
        {},
        ...definition(t('fair.commitment'), state.commitment),
        ...definition(t('fair.clientSeed'), state.clientSeed),
        ...definition(t('fair.nonce'), String(state.nonce)),
        ...definition(t('fair.fingerprint'), game.configFingerprint),
      ),
      form,
      rotate,
      revealed,
      el('p', {}, el('a', { className: 'verify-link', href: verifyHref() }, t('fair.verify'))),
    );
  });
  return panel;
}

export function historyPanel(game: { digits: number }, t: HouseT) {
  return dialog(t, t('history.title'), async (body) => {
    const page = await api(endpoints.rounds, { query: { pageNo: 1, pageSize: 20 } });
    if (page.list.length === 0) {
      body.append(el('p', {}, t('history.empty')));
      return;
    }
    const when = new Intl.DateTimeFormat(frameLocale(), {
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    body.append(
      scrollTable(
        (['round', 'game', 'stake', 'win', 'nonce', 'seeds'] as const).map((key) => t(`history.${key}`)),
        page.list.map((round) =>
          el(
            'tr',
            {},
            el('td', {}, when.format(new Date(round.createdAt)), el('br'), t(`history.state.${round.state}`)),
            el('td', {}, round.gameName),
            el('td', { className: 'amount' }, formatMinor(round.bet, game.digits)),
            el('td', { className: 'amount' }, round.win === null ? '—' : formatMinor(round.win, game.digits)),
            el('td', { className: 'mono' }, String(round.nonce)),
            el(
              'td',
              { className: 'mono seeds' },
              `${t('fair.clientSeed')}: ${round.clientSeed}`,
              el('br'),
              `${t('fair.commitment')}: ${round.commitment}`,
              el('br'),
              `${t('fair.revealed')}: ${round.serverSeed ?? t('history.hidden')}`,
              el('br'),
              el(
                'a',
                { className: 'verify-link', href: verifyHref(round.id) },
                t('history.verify', { nonce: round.nonce }),
              ),
            ),
          ),
        ),
      ),
    );
  });
}

/** What a round came to, in a few words: a spin's wins and free spins, a shot's fish hit or missed. */
function outcomeSummary(round: HouseLastRound, t: HouseT): string {
  const extra = [
    round.resolution === 'defaultAction' && t('last.defaultAction'),
    round.resolution === 'fault' && t('last.fault'),
  ].filter((part): part is string => typeof part === 'string');
  const withExtra = (text: string) => [text, ...extra].join(' · ');
  if (round.state === 'voided') return withExtra(t('last.voided'));
  const outcome = round.outcome;
  if (!outcome) return withExtra(t('history.state.started'));
  if ('fish' in outcome) {
    const fish = t(`fish.names.${outcome.fish}` as HouseKey, { defaultValue: outcome.fish });
    return withExtra(
      outcome.hit ? t('last.hit', { fish, multiplier: outcome.multiplier }) : t('last.miss', { fish }),
    );
  }
  const spins = [outcome.base, ...outcome.freeSpins];
  const wins = spins.reduce(
    (sum, spin) => sum + spin.lineWins.length + spin.wayWins.length + (BigInt(spin.scatter.win) > 0n ? 1 : 0),
    0,
  );
  const parts = [wins > 0 ? t('last.wins', { count: wins }) : t('last.noWin')];
  if (round.decision === 'freeSpins') {
    parts.push(t('last.freeSpinsWaiting', { count: outcome.base.freeSpinsAwarded }));
  } else if (outcome.freeSpins.length > 0) {
    parts.push(t('last.freeSpins', { count: outcome.freeSpins.length }));
  }
  return withExtra(parts.join(' · '));
}

/**
 * The member's last 10 rounds of this game (GLI-19's last game recall): when, the stake, what it paid and what
 * happened, in the site language's numbers, money and dates.
 */
export function lastRoundsPanel(game: { digits: number; currency: string }, t: HouseT) {
  return dialog(t, t('last.title'), async (body) => {
    const last = await api(endpoints.lastRounds);
    if (last.list.length === 0) {
      body.append(el('p', {}, t('last.empty')));
      return;
    }
    const when = new Intl.DateTimeFormat(frameLocale(), { dateStyle: 'short', timeStyle: 'medium' });
    const money = (minor: string) => `${formatMinor(minor, game.digits)} ${game.currency}`;
    body.append(
      scrollTable(
        (['time', 'stake', 'paid', 'outcome'] as const).map((key) => t(`last.${key}`)),
        last.list.map((round) =>
          el(
            'tr',
            {},
            el('td', {}, when.format(new Date(round.createdAt))),
            el('td', { className: 'amount' }, money(round.bet)),
            el('td', { className: 'amount' }, round.win === null ? '—' : money(round.win)),
            el('td', {}, outcomeSummary(round, t)),
          ),
        ),
      ),
    );
  });
}
