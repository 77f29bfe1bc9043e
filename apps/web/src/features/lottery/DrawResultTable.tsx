import type { DrawResult, PrizeCode, ShapeCode } from '@tessera/lottery';
import { SHAPES } from '@tessera/lottery';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** The prizes a results board shows of a draw: the special prize, or 4D's first three. */
export const HEADLINE_PRIZES: Record<ShapeCode, readonly PrizeCode[]> = {
  north27: ['DB'],
  south18: ['DB'],
  fourD23: ['P1', 'P2', 'P3'],
};

/** Every prize row of a draw in the order its shape prints them (north: ĐB first; south: G8 first; 4D: P1 first). */
export function DrawResultTable({
  shape,
  result,
  label,
}: {
  shape: ShapeCode;
  result: DrawResult;
  /** Names the table. */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <table className={`draw-table draw-table--${shape}`} aria-label={label}>
      <tbody>
        {SHAPES[shape].rows.map(({ prize }) => (
          <tr key={prize} className={HEADLINE_PRIZES[shape].includes(prize) ? 'draw-table__top' : undefined}>
            <th scope="row">{t(`lottery.prizes.${prize}`)}</th>
            <td>
              <span className="draw-table__numbers">
                {(result[prize] ?? []).map((number, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: numbers may repeat in a row; their place is their identity
                  <Fragment key={index}>
                    {index > 0 ? ' ' : null}
                    <span className="draw-number">{number}</span>
                  </Fragment>
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
