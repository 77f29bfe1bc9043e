import { ApiError, HOUSE_RTPS, type HouseRound, type ShotOutcome, type SlotOutcome } from '@tessera/contract';
import { isValidClientSeed, isValidNonce, isValidServerSeed } from '@tessera/house-games';
import { houseFrameEndpoints as endpoints } from '../../app/endpoints.ts';
import { local } from '../../lib/storage.ts';
import { symbolArt } from '../art.ts';
import { el, scrollTable } from '../dom.ts';
import { type FishId, fishIcon } from '../fish/sprites.ts';
import { frameLocale, type HouseKey, type HouseT, initHouseI18n } from '../i18n.ts';
import { api, sessionOf } from '../session.ts';
import { type FieldCheck, passesChecks, showRefusal } from './form-check.ts';
import {
  type Check,
  PROCEDURES,
  type RoundToVerify,
  VERIFIABLE_GAMES,
  type Verification,
  verifyRound,
} from './procedures.ts';
import { tableVerifier } from './table.ts';

/**
 * The verification page (/house/verify): recomputes any house round in the browser. Opened from a game's provably
 * fair panel (?from=<the game's path>, in the same frame), it lists the member's rounds with that game's session and
 * fills the form from the one picked, its recorded outcome included; a visitor pastes the seeds, nonce, game, RTP,
 * stake and choice. Opened from a shared table (?from=/house/baccarat/<room> or /house/roulette/<table>, and
 * &bet=<id> from one of the player's bets) it verifies table rounds instead (table.ts); a visitor chooses which kind
 * of round to paste. Nothing here trusts the server: procedures.ts runs the published procedure.
 */

const gameName = (t: HouseT, game: string) => t(`verify.games.${game}` as HouseKey, { defaultValue: game });

function field(id: string, label: string, control: HTMLElement, hint?: string) {
  control.id = id;
  const wrapper = el('div', { className: 'field' }, el('label', { for: id }, label), control);
  if (hint) {
    const hintId = `${id}-hint`;
    control.setAttribute('aria-describedby', hintId);
    wrapper.append(el('p', { className: 'hint', id: hintId }, hint));
  }
  return wrapper;
}

const input = (name: string, attributes: Record<string, string> = {}) =>
  el('input', { name, autocomplete: 'off', spellcheck: 'false', ...attributes });

function select(name: string, options: [value: string, label: string][]) {
  return el('select', { name }, ...options.map(([value, label]) => el('option', { value }, label)));
}

function slotPicture(game: string, outcome: SlotOutcome, t: HouseT) {
  return el(
    'div',
    { className: 'verify-reels', role: 'img', 'aria-label': t('verify.window') },
    ...outcome.base.window.map((reel) =>
      el(
        'div',
        { className: 'reel' },
        ...reel.map((symbol) => el('span', { className: 'verify-cell' }, symbolArt(game, symbol))),
      ),
    ),
  );
}

function outcomeSummary(round: RoundToVerify, verification: Verification, t: HouseT) {
  const win = verification.computed.win.toString();
  if (round.kind === 'slots') {
    const outcome = verification.computed.outcome as SlotOutcome;
    return el(
      'div',
      { className: 'verify-outcome' },
      slotPicture(round.game, outcome, t),
      el(
        'p',
        {},
        t('verify.slotOutcome', {
          stops: outcome.base.stops.join(', '),
          free: outcome.freeSpins.length,
          win,
        }),
      ),
    );
  }
  if (round.kind === 'fish') {
    const shot = verification.computed.outcome as ShotOutcome;
    const icon = fishIcon(shot.fish as FishId, '', 56);
    icon.setAttribute('aria-hidden', 'true');
    return el(
      'div',
      { className: 'verify-outcome fish-outcome' },
      icon,
      el(
        'p',
        {},
        shot.hit
          ? t('verify.fishHit', {
              fish: t(`fish.names.${shot.fish}` as HouseKey),
              multiplier: shot.multiplier,
              win,
            })
          : t('verify.fishMiss', { fish: t(`fish.names.${shot.fish}` as HouseKey) }),
      ),
    );
  }
  return el('pre', { className: 'mono' }, JSON.stringify(verification.computed.outcome, null, 1));
}

const CHECK_MARK: Record<Check, string> = { match: '✓', mismatch: '✗', unchecked: '–' };

function checkLine(check: Check, texts: Record<Check, string>) {
  return el(
    'li',
    { className: `check ${check}` },
    el('span', { className: 'mark', 'aria-hidden': 'true' }, CHECK_MARK[check]),
    texts[check],
  );
}

export async function startVerify(root: HTMLElement): Promise<void> {
  // The page follows the site's theme (the game pages are always a dark cabinet).
  document.documentElement.dataset.theme = local.get('theme') === 'dark' ? 'dark' : 'light';
  document.body.classList.add('verify-page');
  const t = await initHouseI18n();
  document.title = t('verify.title');
  const params = new URLSearchParams(window.location.search);
  const from = params.get('from') ?? '';
  const frame = sessionOf(from);

  // ---------------------------------------------------------------------------------------------------- the form
  const gameSelect = select(
    'game',
    VERIFIABLE_GAMES.map(({ kind, game }) => [`${kind}/${game}`, gameName(t, game)]),
  );
  const rtpSelect = select(
    'rtp',
    HOUSE_RTPS.map((rtp) => [rtp, `${rtp}%`]),
  );
  rtpSelect.value = '96';
  const betInput = input('bet', { inputmode: 'numeric', value: '100' });
  const serverSeed = input('serverSeed', { maxlength: '64', className: 'mono' });
  const clientSeed = input('clientSeed', { maxlength: '64' });
  const nonce = input('nonce', { inputmode: 'numeric', value: '0' });
  const commitmentInput = input('commitment', { maxlength: '64', className: 'mono' });
  const fingerprintInput = input('fingerprint', { maxlength: '64', className: 'mono' });
  const choiceBox = el('div', { className: 'choices' });
  const choiceSelects = new Map<string, HTMLSelectElement>();
  const recordedNote = el('p', { className: 'hint', 'aria-live': 'polite' });
  let recorded: { id: string; outcome: unknown } | null = null;

  const currentGame = () => {
    const [kind = '', game = ''] = gameSelect.value.split('/');
    return { kind, game };
  };
  const drawChoices = () => {
    const { kind, game } = currentGame();
    choiceSelects.clear();
    choiceBox.replaceChildren(
      ...(PROCEDURES[kind]?.choices(game) ?? []).map((choice) => {
        const control = select(
          choice.key,
          choice.options.map((option) => [
            option,
            t(`fish.names.${option}` as HouseKey, { defaultValue: option }),
          ]),
        );
        choiceSelects.set(choice.key, control);
        return field(`choice-${choice.key}`, t(`verify.choice.${choice.key}` as HouseKey), control);
      }),
    );
  };
  gameSelect.addEventListener('change', drawChoices);
  drawChoices();

  const result = el('section', {
    className: 'verify-result',
    'aria-live': 'polite',
    'aria-label': t('verify.result'),
  });
  const verifyButton = el('button', { type: 'submit', className: 'primary' }, t('verify.run'));
  const form = el(
    'form',
    { className: 'verify-form', 'aria-label': t('verify.formTitle') },
    el('h2', {}, t('verify.formTitle')),
    el(
      'div',
      { className: 'grid' },
      field('verify-game', t('verify.game'), gameSelect),
      field('verify-rtp', t('verify.rtp'), rtpSelect),
    ),
    el(
      'div',
      { className: 'grid' },
      field('verify-bet', t('verify.bet'), betInput, t('verify.betHint')),
      choiceBox,
    ),
    field('verify-server-seed', t('verify.serverSeed'), serverSeed, t('verify.serverSeedHint')),
    el(
      'div',
      { className: 'grid' },
      field('verify-client-seed', t('fair.clientSeed'), clientSeed),
      field('verify-nonce', t('verify.nonce'), nonce),
    ),
    field('verify-commitment', t('verify.commitment'), commitmentInput, t('verify.optional')),
    field('verify-fingerprint', t('verify.fingerprint'), fingerprintInput, t('verify.optional')),
    recordedNote,
    verifyButton,
  );

  const run = () => {
    const { kind, game } = currentGame();
    const choices = [...choiceSelects.entries()];
    const round: RoundToVerify = {
      kind,
      game,
      rtp: rtpSelect.value,
      bet: betInput.value.trim(),
      choice:
        choices.length > 0 ? Object.fromEntries(choices.map(([key, control]) => [key, control.value])) : null,
      serverSeed: serverSeed.value.trim(),
      clientSeed: clientSeed.value,
      nonce: Number(nonce.value.trim()),
      commitment: commitmentInput.value,
      configFingerprint: fingerprintInput.value,
      outcome: recorded?.outcome,
    };
    const fields: FieldCheck[] = [
      [betInput, /^[1-9][0-9]{0,17}$/.test(round.bet), 'verify.errors.bet'],
      [serverSeed, isValidServerSeed(round.serverSeed), 'verify.errors.serverSeed'],
      [clientSeed, isValidClientSeed(round.clientSeed), 'verify.errors.clientSeed'],
      [nonce, /^[0-9]{1,15}$/.test(nonce.value.trim()) && isValidNonce(round.nonce), 'verify.errors.nonce'],
    ];
    if (!passesChecks(fields, result, t)) return;
    let verification: Verification;
    try {
      verification = verifyRound(round);
    } catch (error) {
      showRefusal(result, t, [t('verify.invalid', { reason: (error as Error).message })]);
      return;
    }
    const all = [verification.commitment, verification.fingerprint, verification.outcome];
    const verdict = all.includes('mismatch') ? 'mismatch' : all.includes('unchecked') ? 'partial' : 'match';
    result.replaceChildren(
      el('h2', {}, t('verify.result')),
      el(
        'p',
        { className: `verdict ${verdict}`, role: verdict === 'mismatch' ? 'alert' : undefined },
        t(`verify.verdict.${verdict}`),
      ),
      el(
        'ul',
        { className: 'checks' },
        checkLine(verification.commitment, {
          match: t('verify.check.commitmentMatch'),
          mismatch: t('verify.check.commitmentMismatch'),
          unchecked: t('verify.check.commitmentUnchecked'),
        }),
        checkLine(verification.fingerprint, {
          match: t('verify.check.fingerprintMatch', { rtp: round.rtp }),
          mismatch: t('verify.check.fingerprintMismatch', { rtp: round.rtp }),
          unchecked: t('verify.check.fingerprintUnchecked'),
        }),
        checkLine(verification.outcome, {
          match: t('verify.check.outcomeMatch', { id: recorded?.id ?? '' }),
          mismatch: t('verify.check.outcomeMismatch', { id: recorded?.id ?? '' }),
          unchecked: t('verify.check.outcomeUnchecked'),
        }),
      ),
      el(
        'p',
        { className: 'hint' },
        t('verify.published', { rtp: round.rtp }),
        el('br'),
        el('span', { className: 'mono' }, verification.publishedFingerprint),
      ),
      outcomeSummary(round, verification, t),
    );
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });

  /** Fills the form from one of the member's rounds, its recorded outcome kept to compare. */
  async function pick(round: HouseRound) {
    const detail = await api(endpoints.round, { params: { id: round.id } });
    gameSelect.value = `${detail.kind}/${detail.game}`;
    drawChoices();
    rtpSelect.value = detail.rtp;
    betInput.value = detail.bet;
    for (const [key, value] of Object.entries(detail.choice ?? {})) {
      const control = choiceSelects.get(key);
      if (control) control.value = value;
    }
    serverSeed.value = detail.serverSeed ?? '';
    clientSeed.value = detail.clientSeed;
    nonce.value = String(detail.nonce);
    commitmentInput.value = detail.commitment;
    fingerprintInput.value = detail.configFingerprint;
    recorded = detail.outcome ? { id: detail.id, outcome: detail.outcome } : null;
    recordedNote.textContent = t('verify.recorded', {
      id: detail.id,
      game: detail.gameName,
      nonce: detail.nonce,
    });
    run();
    result.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  // ------------------------------------------------------------------------------------------- the member's rounds
  const rounds = el('section', { className: 'verify-rounds', 'aria-label': t('verify.yourRounds') });
  async function drawRounds() {
    rounds.replaceChildren(el('h2', {}, t('verify.yourRounds')), el('p', {}, t('loading')));
    try {
      const page = await api(endpoints.rounds, { query: { pageNo: 1, pageSize: 20 } });
      const when = new Intl.DateTimeFormat(frameLocale(), {
        dateStyle: 'short',
        timeStyle: 'medium',
      });
      const rows = page.list.map((round) => {
        const check = el(
          'button',
          {
            type: 'button',
            className: 'ghost',
            'aria-label': t('verify.checkRound', { game: round.gameName, nonce: round.nonce }),
          },
          t('verify.check.button'),
        );
        const ready = round.serverSeed !== null && round.state === 'settled';
        check.disabled = !ready;
        check.addEventListener('click', () => {
          pick(round).catch((error: unknown) => {
            result.replaceChildren(
              el('h2', {}, t('verify.result')),
              el('p', { role: 'alert' }, error instanceof ApiError ? error.message : t('failed')),
            );
          });
        });
        return el(
          'tr',
          {},
          el('td', {}, when.format(new Date(round.createdAt))),
          el('td', {}, round.gameName),
          el('td', { className: 'mono' }, String(round.nonce)),
          el('td', { className: 'amount' }, round.bet),
          el('td', { className: 'amount' }, round.win ?? '—'),
          el(
            'td',
            {},
            ready
              ? check
              : el(
                  'span',
                  { className: 'hint' },
                  round.state === 'settled' ? t('verify.notRevealed') : t(`history.state.${round.state}`),
                ),
          ),
        );
      });
      rounds.replaceChildren(
        el('h2', {}, t('verify.yourRounds')),
        el('p', { className: 'hint' }, t('verify.roundsHint')),
        page.list.length === 0
          ? el('p', {}, t('history.empty'))
          : scrollTable(
              (['when', 'game', 'nonce', 'bet', 'win', 'verify'] as const).map((key) =>
                t(`verify.columns.${key}`),
              ),
              rows,
            ),
      );
      const wanted = params.get('round');
      const round = page.list.find((entry) => entry.id === wanted);
      if (round?.serverSeed) await pick(round);
    } catch (error) {
      rounds.replaceChildren(
        el('h2', {}, t('verify.yourRounds')),
        el('p', { role: 'alert' }, error instanceof ApiError ? error.message : t('failed')),
      );
    }
  }

  const back = frame && el('a', { className: 'back', href: from }, `← ${t('verify.backToGame')}`);
  const fromTable = /^\/house\/(baccarat|roulette)\//.test(from);
  const tables = tableVerifier(t, result, {
    member: Boolean(frame) && fromTable,
    wantedBet: params.get('bet'),
  });
  const intro = el('p', { className: 'intro' });
  const header = el('header', { className: 'top' }, back, el('h1', {}, t('verify.title')));

  if (frame && fromTable) {
    intro.textContent = t('verify.table.intro');
    root.replaceChildren(header, intro, tables.bets ?? '', tables.form, result);
    root.removeAttribute('aria-busy');
    await tables.load();
    return;
  }
  if (frame) {
    intro.textContent = t('verify.intro');
    root.replaceChildren(header, intro, rounds, form, result);
    root.removeAttribute('aria-busy');
    await drawRounds();
    return;
  }

  // A visitor chooses the kind of round to paste: one player's round (slots, fish) or a shared table's round.
  const shown = el('div', { className: 'verify-shown' });
  const choose = (kind: 'player' | 'table') => {
    intro.textContent = t(kind === 'table' ? 'verify.table.intro' : 'verify.intro');
    result.replaceChildren();
    shown.replaceChildren(kind === 'table' ? tables.form : form);
  };
  const initial = params.get('kind') === 'table' ? 'table' : 'player';
  const chooser = el(
    'fieldset',
    { className: 'verify-kind' },
    el('legend', {}, t('verify.kind.legend')),
    ...(['player', 'table'] as const).map((kind) => {
      const radio = el('input', {
        type: 'radio',
        name: 'verify-kind',
        value: kind,
        id: `verify-kind-${kind}`,
      });
      radio.checked = kind === initial;
      radio.addEventListener('change', () => {
        if (radio.checked) choose(kind);
      });
      return el('label', { for: `verify-kind-${kind}` }, radio, ` ${t(`verify.kind.${kind}`)}`);
    }),
  );
  choose(initial);
  root.replaceChildren(
    header,
    intro,
    el('p', { className: 'hint' }, t('verify.visitor')),
    chooser,
    shown,
    result,
  );
  root.removeAttribute('aria-busy');
}
