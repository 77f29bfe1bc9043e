import type { LotteryGameDetail } from '@tessera/contract';
import { BET_TYPES, type BetTypeCode, type PrizeCode, type ShapeCode } from '@tessera/lottery';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/index.ts';
import { type Check, checkNumbers, parseTyped, pickerOf, stakeOf } from './betTypes.ts';
import { NumberPicker } from './NumberPicker.tsx';

type BetTypeOffer = LotteryGameDetail['betTypes'][number];

/** A ticket waiting in the bet slip. */
export interface SlipTicket {
  id: number;
  betType: BetTypeCode;
  /** Checked and sorted. */
  numbers: string[];
  points: number;
  lines: number;
  stake: number;
}

/** What the player has picked, per number length, so that moving between bet types of one length keeps it. */
export interface Picks {
  grid: Record<number, string[]>;
  typed: Record<number, string>;
  points: string;
}

export const NO_PICKS: Picks = { grid: {}, typed: {}, points: '1' };

/** The message of a selection problem, in the reader's words. */
function problemText(t: TFunction, betType: BetTypeCode, check: Check): string | undefined {
  if (check.ok) return undefined;
  const { digits, group, maxNumbers } = BET_TYPES[betType];
  switch (check.problem) {
    case 'bad_number':
      return t('lottery.problems.badNumber', { number: check.number ?? '', digits });
    case 'duplicate':
      return t('lottery.problems.duplicate', { number: check.number ?? '' });
    case 'too_few':
      return t('lottery.problems.tooFew', { count: group });
    case 'too_many':
      return t('lottery.problems.tooMany', { count: maxNumbers });
    case 'wrong_shape':
      return t('lottery.problems.wrongShape');
    default:
      return t('lottery.problems.empty');
  }
}

/** A whole number of points within the bet type's limit, or null. */
function pointsOf(text: string, maxPoints: number): number | null {
  const points = Number(text);
  return Number.isInteger(points) && points >= 1 && points <= maxPoints ? points : null;
}

interface BetBuilderProps {
  offer: BetTypeOffer;
  shape: ShapeCode;
  picks: Picks;
  onPicks: (picks: Picks) => void;
  /** The currency's decimals, and an amount with its symbol. */
  digits: number;
  format: (amount: number) => string;
  onAdd: (ticket: Omit<SlipTicket, 'id'>) => void;
}

/**
 * One bet type's ticket: its rule, price and payouts, the numbers (grid or typed), the points, and a live summary of
 * numbers, lines, stake and the win per hit; checked in the browser with the rules the server applies.
 */
export function BetBuilder({ offer, shape, picks, onPicks, digits, format, onAdd }: BetBuilderProps) {
  const { t } = useTranslation();
  const { betType, pricePerPoint, payouts, maxPoints } = offer;
  const info = BET_TYPES[betType];
  const kind = pickerOf(betType);
  const numbers =
    kind === 'typed' ? parseTyped(picks.typed[info.digits] ?? '') : (picks.grid[info.digits] ?? []);
  const check = checkNumbers(betType, shape, numbers);
  const points = pointsOf(picks.points, maxPoints);
  const lines = check.ok ? check.lines : 0;
  const stake = points === null ? null : stakeOf(lines, points, pricePerPoint, digits);
  const tiers = Object.entries(payouts);
  const [, topPayout = 0] = tiers.reduce<[string, number]>(
    (top, tier) => (tier[1] > top[1] ? tier : top),
    ['', 0],
  );
  // An empty ticket is not an error: its button waits for a number.
  const problem = numbers.length > 0 ? problemText(t, betType, check) : undefined;
  const pointsProblem = points === null ? t('lottery.problems.points', { max: maxPoints }) : undefined;

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok || points === null || stake === null) return;
    const chosen = [...numbers].sort();
    onAdd({ betType, numbers: chosen, points, lines, stake });
    onPicks({
      ...picks,
      grid: { ...picks.grid, [info.digits]: [] },
      typed: { ...picks.typed, [info.digits]: '' },
    });
  };

  return (
    <form className="bet-builder" onSubmit={add} noValidate>
      <div className="bet-builder__rule">
        <p>{t(`lottery.betTypes.${betType}.rule`)}</p>
        <ul className="bet-builder__terms">
          <li>
            {t('lottery.bet.pricePerPoint')} <strong>{format(pricePerPoint)}</strong>
          </li>
          {tiers.map(([tier, payout]) => (
            <li key={tier}>
              {tier === 'hit'
                ? t('lottery.bet.payoutPerHit')
                : t('lottery.bet.payoutOfPrize', { prize: t(`lottery.prizes.${tier as PrizeCode}`) })}{' '}
              <strong>{format(payout)}</strong>
            </li>
          ))}
          {info.group > 1 ? <li>{t('lottery.bet.groups', { count: info.group })}</li> : null}
        </ul>
      </div>

      <NumberPicker
        kind={kind}
        digits={info.digits}
        numbers={numbers}
        onNumbers={(next) => onPicks({ ...picks, grid: { ...picks.grid, [info.digits]: next } })}
        text={picks.typed[info.digits] ?? ''}
        onText={(text) => onPicks({ ...picks, typed: { ...picks.typed, [info.digits]: text } })}
        typedProblem={kind === 'typed' ? problem : undefined}
      />

      <div className="bet-builder__bottom">
        <Field
          className="bet-builder__points"
          label={t('lottery.bet.points')}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxPoints}
          step={1}
          value={picks.points}
          onChange={(value) => onPicks({ ...picks, points: value })}
          error={pointsProblem}
          hint={t('lottery.bet.pointsHint', { max: maxPoints.toLocaleString() })}
        />
        <dl className="bet-summary" aria-live="polite">
          <div>
            <dt>{t('lottery.bet.numbers')}</dt>
            <dd>{numbers.length}</dd>
          </div>
          <div>
            <dt>{t('lottery.bet.lines')}</dt>
            <dd>{lines}</dd>
          </div>
          <div>
            <dt>{t('lottery.bet.stake')}</dt>
            <dd>{stake === null || lines === 0 ? '—' : format(stake)}</dd>
          </div>
          <div>
            <dt>{tiers.length > 1 ? t('lottery.bet.topWin') : t('lottery.bet.winPerHit')}</dt>
            <dd>{points === null ? '—' : format(topPayout * points)}</dd>
          </div>
        </dl>
      </div>
      {problem && kind !== 'typed' ? (
        <p className="bet-builder__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="bet-builder__add" disabled={numbers.length === 0}>
        {t('lottery.bet.addToSlip')}
      </Button>
    </form>
  );
}
