import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { allNumbers, type PickerKind, parseTyped } from './betTypes.ts';

interface GridProps {
  digits: 1 | 2;
  numbers: readonly string[];
  onChange: (numbers: string[]) => void;
}

const isEven = (number: string) => Number(number) % 2 === 0;

/** A grid of every number, each a toggle button, with the quick picks above it. */
function NumberGrid({ digits, numbers, onChange }: GridProps) {
  const { t } = useTranslation();
  const every = allNumbers(digits);
  const picked = new Set(numbers);
  const half = every.length / 2;
  const quick: [label: string, numbers: string[]][] = [
    [t('lottery.picker.all'), every],
    [t('lottery.picker.clear'), []],
    [t('lottery.picker.even'), every.filter(isEven)],
    [t('lottery.picker.odd'), every.filter((number) => !isEven(number))],
    [
      t('lottery.picker.big', { from: every[half], to: every.at(-1) }),
      every.filter((_, index) => index >= half),
    ],
    [
      t('lottery.picker.small', { from: every[0], to: every[half - 1] }),
      every.filter((_, index) => index < half),
    ],
  ];
  const toggle = (number: string) =>
    onChange(picked.has(number) ? numbers.filter((item) => item !== number) : [...numbers, number]);
  const tens =
    digits === 2 ? Array.from({ length: 10 }, (_, ten) => every.slice(ten * 10, ten * 10 + 10)) : [];
  const toggleTen = (decade: string[]) => {
    const whole = decade.every((number) => picked.has(number));
    onChange(
      whole
        ? numbers.filter((number) => !decade.includes(number))
        : [...numbers, ...decade.filter((number) => !picked.has(number))],
    );
  };
  return (
    <div className="picker">
      <fieldset className="picker__quick">
        <legend className="visually-hidden">{t('lottery.picker.quick')}</legend>
        {quick.map(([label, chosen]) => (
          <button key={label} type="button" className="lottery-chip" onClick={() => onChange(chosen)}>
            {label}
          </button>
        ))}
      </fieldset>
      {tens.length > 0 ? (
        <fieldset className="picker__tens">
          <legend className="visually-hidden">{t('lottery.picker.tensRow')}</legend>
          {tens.map((decade, ten) => (
            <button
              key={decade[0]}
              type="button"
              className="picker__ten"
              aria-pressed={decade.every((number) => picked.has(number))}
              // The name starts with what the button shows.
              aria-label={t('lottery.picker.tens', { ten: `${ten}x`, from: decade[0], to: decade.at(-1) })}
              onClick={() => toggleTen(decade)}
            >
              {ten}x
            </button>
          ))}
        </fieldset>
      ) : null}
      <fieldset className={`picker__grid picker__grid--${digits}`}>
        <legend className="visually-hidden">
          {t('lottery.picker.numbers', { from: every[0], to: every.at(-1) })}
        </legend>
        {every.map((number) => (
          <button
            key={number}
            type="button"
            className="picker__number"
            aria-pressed={picked.has(number)}
            onClick={() => toggle(number)}
          >
            {number}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/** One random number of `digits` digits, from the browser's cryptographic generator. */
function randomNumber(digits: number): string {
  const [value = 0] = window.crypto.getRandomValues(new Uint32Array(1));
  return String(value % 10 ** digits).padStart(digits, '0');
}

/** Numbers typed in a field (3- and 4-digit bet types), with a random pick. */
function TypedNumbers({
  digits,
  text,
  onText,
  problem,
}: {
  digits: number;
  text: string;
  onText: (text: string) => void;
  problem: string | undefined;
}) {
  const { t } = useTranslation();
  const example = Array.from({ length: 3 }, (_, index) => String(index * 37 + 12).padStart(digits, '0')).join(
    ', ',
  );
  return (
    <div className="picker picker--typed">
      <Field
        label={t('lottery.picker.typed', { digits })}
        value={text}
        onChange={onText}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={example}
        error={problem}
        hint={t('lottery.picker.typedHint', { digits })}
      />
      <div className="picker__quick">
        <button
          type="button"
          className="lottery-chip"
          onClick={() => onText([...parseTyped(text), randomNumber(digits)].join(', '))}
        >
          {t('lottery.picker.random')}
        </button>
        <button type="button" className="lottery-chip" onClick={() => onText('')}>
          {t('lottery.picker.clear')}
        </button>
      </div>
    </div>
  );
}

interface NumberPickerProps {
  kind: PickerKind;
  digits: number;
  /** The grid's numbers. */
  numbers: readonly string[];
  onNumbers: (numbers: string[]) => void;
  /** The typed field's text. */
  text: string;
  onText: (text: string) => void;
  /** What is wrong with the typed numbers, shown beside the field. */
  typedProblem: string | undefined;
}

/** The numbers of a ticket: a grid of 00–99 or 0–9, or a field for 3- and 4-digit numbers. */
export function NumberPicker(props: NumberPickerProps): ReactNode {
  if (props.kind === 'typed') {
    return (
      <TypedNumbers
        digits={props.digits}
        text={props.text}
        onText={props.onText}
        problem={props.typedProblem}
      />
    );
  }
  return (
    <NumberGrid digits={props.kind === 'grid10' ? 1 : 2} numbers={props.numbers} onChange={props.onNumbers} />
  );
}
