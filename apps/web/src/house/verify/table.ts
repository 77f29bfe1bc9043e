import { ApiError, type TableBet } from '@tessera/contract';
import { isValidServerSeed } from '@tessera/house-games';
import { houseTableFrameEndpoints as endpoints } from '../../app/endpoints.ts';
import { el, scrollTable } from '../dom.ts';
import { frameLocale, type HouseT } from '../i18n.ts';
import { api } from '../session.ts';
import { cardArt, svgRoot } from '../tables/art.ts';
import { type FieldCheck, passesChecks, showRefusal } from './form-check.ts';
import {
  type Check,
  claimedTableOutcome,
  TABLE_KINDS,
  type TableKind,
  type TableOutcome,
  type TableRoundToVerify,
  type TableVerification,
  verifyTableRound,
} from './procedures.ts';

/**
 * The verification of a shared table's round (baccarat rooms, live roulette; procedure tessera-table-1): opened from
 * a table's page (?from=/house/baccarat/<room>), it lists the member's table bets and fills the form from the proof
 * served with the one picked; a visitor pastes the proof's kind, table, round, server seed, client seeds in order
 * and commitment, and optionally the salt and outcome shown. procedures.ts recomputes everything in the browser.
 */

export interface TableVerifier {
  form: HTMLFormElement;
  /** The member's bets (opened from a table), or null for a visitor. */
  bets: HTMLElement | null;
  load: () => Promise<void>;
}

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♣', '♦', '♥', '♠'];
const cardName = (card: { rank: number; suit: number }) =>
  `${RANKS[card.rank] ?? '?'}${SUITS[card.suit] ?? '?'}`;

const HEX64 = /^[0-9a-fA-F]{64}$/;
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;
const CHECK_MARK: Record<Check, string> = { match: '✓', mismatch: '✗', unchecked: '–' };

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

function hand(cards: { rank: number; suit: number }[], label: string) {
  return svgRoot(
    `0 0 ${cards.length * 48 + 4} 66`,
    label,
    ...cards.map((card, index) => cardArt(card.rank, card.suit, 2 + index * 48, 2)),
  );
}

function outcomeSummary(outcome: TableOutcome, t: HouseT) {
  if (outcome.kind === 'roulette') {
    return el(
      'div',
      { className: 'verify-outcome' },
      el(
        'p',
        { className: `verify-pocket pocket-${outcome.colour}` },
        t('tables.pocket', { pocket: outcome.pocket, colour: t(`tables.colour.${outcome.colour}`) }),
      ),
    );
  }
  const side = (who: 'player' | 'banker') => {
    const cards = outcome[who];
    const total = who === 'player' ? outcome.playerTotal : outcome.bankerTotal;
    const text = t(`verify.table.hand.${who}`, { cards: cards.map(cardName).join(' '), total });
    return el('div', { className: 'verify-hand' }, hand(cards, text), el('p', {}, text));
  };
  const pairs = [
    outcome.playerPair ? t('tables.spots.playerPair') : null,
    outcome.bankerPair ? t('tables.spots.bankerPair') : null,
  ].filter(Boolean);
  return el(
    'div',
    { className: 'verify-outcome verify-baccarat' },
    side('player'),
    side('banker'),
    el(
      'p',
      { className: 'verify-winner' },
      t(`tables.winner.${outcome.winner}`),
      pairs.length > 0 ? ` · ${pairs.join(', ')}` : '',
    ),
  );
}

function checkLine(check: Check, texts: Record<Check, string>) {
  return el(
    'li',
    { className: `check ${check}` },
    el('span', { className: 'mark', 'aria-hidden': 'true' }, CHECK_MARK[check]),
    texts[check],
  );
}

export function tableVerifier(
  t: HouseT,
  result: HTMLElement,
  options: { member: boolean; wantedBet: string | null },
): TableVerifier {
  const kindSelect = el(
    'select',
    { name: 'kind' },
    ...TABLE_KINDS.map((kind) => el('option', { value: kind }, t(`verify.table.kinds.${kind}`))),
  );
  const tableInput = input('table', { maxlength: '40', placeholder: 'jade' });
  const roundInput = input('round', { inputmode: 'numeric' });
  const serverSeed = input('serverSeed', { maxlength: '64', className: 'mono' });
  const clientSeeds = el('textarea', {
    name: 'clientSeeds',
    rows: '3',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const commitmentInput = input('commitment', { maxlength: '64', className: 'mono' });
  const saltInput = input('salt', { maxlength: '64', className: 'mono' });
  const outcomeInput = el('textarea', {
    name: 'outcome',
    rows: '2',
    spellcheck: 'false',
    autocomplete: 'off',
    className: 'mono',
  });
  const recordedNote = el('p', { className: 'hint', 'aria-live': 'polite' });

  const form = el(
    'form',
    { className: 'verify-form', 'aria-label': t('verify.table.formTitle') },
    el('h2', {}, t('verify.table.formTitle')),
    el(
      'div',
      { className: 'grid' },
      field('verify-table-kind', t('verify.game'), kindSelect),
      field('verify-table', t('verify.table.table'), tableInput, t('verify.table.tableHint')),
      field('verify-table-round', t('verify.table.round'), roundInput),
    ),
    field('verify-server-seed', t('verify.serverSeed'), serverSeed, t('verify.serverSeedHint')),
    field(
      'verify-client-seeds',
      t('verify.table.clientSeeds'),
      clientSeeds,
      t('verify.table.clientSeedsHint'),
    ),
    field('verify-commitment', t('verify.table.commitment'), commitmentInput),
    field('verify-salt', t('verify.table.salt'), saltInput, t('verify.optional')),
    field('verify-outcome', t('verify.table.outcome'), outcomeInput, t('verify.table.outcomeHint')),
    recordedNote,
    el('button', { type: 'submit', className: 'primary' }, t('verify.run')),
  );

  const seedLines = () =>
    clientSeeds.value
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line !== '');

  const run = () => {
    const kind = kindSelect.value as TableKind;
    let claimed: TableOutcome | undefined;
    let outcomeValid = true;
    if (outcomeInput.value.trim() !== '') {
      claimed = claimedTableOutcome(kind, outcomeInput.value) ?? undefined;
      outcomeValid = claimed !== undefined;
    }
    const fields: FieldCheck[] = [
      [tableInput, /^[a-z0-9-]{1,40}$/.test(tableInput.value.trim()), 'verify.table.errors.table'],
      [roundInput, /^[0-9]{1,15}$/.test(roundInput.value.trim()), 'verify.table.errors.round'],
      [serverSeed, isValidServerSeed(serverSeed.value.trim()), 'verify.errors.serverSeed'],
      [clientSeeds, seedLines().every((seed) => CLIENT_SEED.test(seed)), 'verify.table.errors.clientSeeds'],
      [commitmentInput, HEX64.test(commitmentInput.value.trim()), 'verify.table.errors.commitment'],
      [
        saltInput,
        saltInput.value.trim() === '' || HEX64.test(saltInput.value.trim()),
        'verify.table.errors.salt',
      ],
      [outcomeInput, outcomeValid, `verify.table.errors.outcome.${kind}`],
    ];
    if (!passesChecks(fields, result, t)) return;
    const round: TableRoundToVerify = {
      kind,
      table: tableInput.value.trim(),
      round: Number(roundInput.value.trim()),
      serverSeed: serverSeed.value.trim(),
      clientSeeds: seedLines(),
      commitment: commitmentInput.value,
      salt: saltInput.value,
      outcome: claimed,
    };
    let verification: TableVerification;
    try {
      verification = verifyTableRound(round);
    } catch (error) {
      showRefusal(result, t, [t('verify.invalid', { reason: (error as Error).message })]);
      return;
    }
    const all = [verification.commitment, verification.salt, verification.outcome];
    const verdict = all.includes('mismatch') ? 'mismatch' : all.includes('unchecked') ? 'partial' : 'match';
    const count = round.clientSeeds.length;
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
          match: t('verify.table.check.commitmentMatch', { round: round.round }),
          mismatch: t('verify.table.check.commitmentMismatch', { round: round.round }),
          unchecked: t('verify.check.commitmentUnchecked'),
        }),
        checkLine(verification.salt, {
          match: t('verify.table.check.saltMatch', { seeds: count }),
          mismatch: t('verify.table.check.saltMismatch', { seeds: count }),
          unchecked: t('verify.table.check.saltUnchecked', { seeds: count }),
        }),
        checkLine(verification.outcome, {
          match: t('verify.table.check.outcomeMatch', { round: round.round }),
          mismatch: t('verify.table.check.outcomeMismatch', { round: round.round }),
          unchecked: t('verify.check.outcomeUnchecked'),
        }),
      ),
      el(
        'p',
        { className: 'hint' },
        t('verify.table.computedSalt'),
        el('br'),
        el('span', { className: 'mono' }, verification.computedSalt),
      ),
      outcomeSummary(verification.computed, t),
    );
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });

  /** Fills the form from the proof served with one of the member's bets. */
  function pick(bet: TableBet) {
    const { proof } = bet;
    kindSelect.value = proof.kind;
    tableInput.value = proof.table;
    roundInput.value = String(proof.round);
    serverSeed.value = proof.serverSeed ?? '';
    clientSeeds.value = proof.clientSeeds.join('\n');
    commitmentInput.value = proof.commitment;
    saltInput.value = proof.salt ?? '';
    outcomeInput.value = !proof.outcome
      ? ''
      : proof.outcome.kind === 'roulette'
        ? String(proof.outcome.pocket)
        : JSON.stringify(proof.outcome);
    recordedNote.textContent = t('verify.table.recorded', {
      round: proof.round,
      table: bet.gameName,
      position: proof.clientSeeds.indexOf(bet.clientSeed) + 1,
    });
    run();
    result.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  const bets = options.member
    ? el('section', { className: 'verify-rounds', 'aria-label': t('verify.table.yourBets') })
    : null;
  async function load() {
    if (!bets) return;
    bets.replaceChildren(el('h2', {}, t('verify.table.yourBets')), el('p', {}, t('loading')));
    try {
      const page = await api(endpoints.bets, { query: { pageNo: 1, pageSize: 20 } });
      const when = new Intl.DateTimeFormat(frameLocale(), {
        dateStyle: 'short',
        timeStyle: 'medium',
      });
      const rows = page.list.map((bet) => {
        const ready = bet.proof.serverSeed !== null && bet.proof.outcome !== null;
        const check = el(
          'button',
          {
            type: 'button',
            className: 'ghost',
            'aria-label': t('verify.table.checkBet', { round: bet.proof.round, table: bet.gameName }),
          },
          t('verify.check.button'),
        );
        check.addEventListener('click', () => pick(bet));
        return el(
          'tr',
          {},
          el('td', {}, when.format(new Date(bet.createdAt))),
          el('td', {}, bet.gameName),
          el('td', { className: 'mono' }, String(bet.proof.round)),
          el('td', { className: 'amount' }, bet.stake),
          el('td', { className: 'amount' }, bet.payout ?? '—'),
          el(
            'td',
            {},
            ready
              ? check
              : el(
                  'span',
                  { className: 'hint' },
                  bet.proof.state === 'voided' ? t('history.state.voided') : t('verify.notRevealed'),
                ),
          ),
        );
      });
      bets.replaceChildren(
        el('h2', {}, t('verify.table.yourBets')),
        el('p', { className: 'hint' }, t('verify.table.betsHint')),
        page.list.length === 0
          ? el('p', {}, t('tables.myBets.empty'))
          : scrollTable(
              (['when', 'table', 'round', 'bet', 'payout', 'verify'] as const).map((key) =>
                t(`verify.table.columns.${key}`),
              ),
              rows,
            ),
      );
      const wanted = page.list.find((bet) => bet.id === options.wantedBet);
      if (wanted?.proof.serverSeed && wanted.proof.outcome) pick(wanted);
    } catch (error) {
      bets.replaceChildren(
        el('h2', {}, t('verify.table.yourBets')),
        el('p', { role: 'alert' }, error instanceof ApiError ? error.message : t('failed')),
      );
    }
  }

  return { form, bets, load };
}
