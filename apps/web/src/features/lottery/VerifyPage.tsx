import { useQuery } from '@tanstack/react-query';
import type { LotteryDraw } from '@tessera/contract';
import {
  type DrawResult,
  GAME_CODE_PATTERN,
  NUMERO_PATTERN,
  resultProblems,
  SEED_PATTERN,
  SHAPE_CODES,
  type ShapeCode,
  verifyDraw,
} from '@tessera/lottery';
import { errorText } from '@tessera/ui';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field, FormMessage } from '../../ui/Field.tsx';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../ui/icons.tsx';
import { Button, DocumentTitle } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { DrawResultTable } from './DrawResultTable.tsx';
import { drawQuery } from './queries.ts';
import './lottery.css';

/** What the page checks: a draw's inputs and what was published, as text the player can paste. */
interface Inputs {
  gameId: string;
  numero: string;
  shape: ShapeCode;
  seed: string;
  seedHash: string;
  result: string;
}

const EMPTY: Inputs = { gameId: '', numero: '', shape: 'north27', seed: '', seedHash: '', result: '' };
const HASH_PATTERN = /^[0-9a-f]{64}$/;

type Outcome =
  | {
      kind: 'checked';
      hashMatches: boolean;
      resultMatches: boolean;
      recomputed: DrawResult;
      shape: ShapeCode;
    }
  | { kind: 'invalid'; message: string };

function inputsOf(draw: LotteryDraw): Inputs {
  return {
    gameId: draw.gameId,
    numero: draw.numero,
    shape: draw.shape,
    seed: draw.seed ?? '',
    seedHash: draw.seedHash ?? '',
    result: draw.result ? resultJson(draw.result) : '',
  };
}

/** A result as JSON with one prize row a line. */
function resultJson(result: Record<string, string[]>): string {
  const rows = Object.entries(result).map(([prize, numbers]) => `  "${prize}": ${JSON.stringify(numbers)}`);
  return `{\n${rows.join(',\n')}\n}`;
}

/** The draw computed again from the inputs, compared with the published hash and result; or what is wrong. */
function check(t: TFunction, inputs: Inputs): Outcome {
  const invalid = (message: string): Outcome => ({ kind: 'invalid', message });
  const gameCode = inputs.gameId.trim().toUpperCase();
  const numero = inputs.numero.trim();
  const seed = inputs.seed.trim().toLowerCase();
  if (!GAME_CODE_PATTERN.test(gameCode)) return invalid(t('lottery.verify.badGame'));
  if (!NUMERO_PATTERN.test(numero)) return invalid(t('lottery.verify.badNumero'));
  if (!SEED_PATTERN.test(seed)) return invalid(t('lottery.verify.badSeed'));
  if (!HASH_PATTERN.test(inputs.seedHash.trim().toLowerCase())) return invalid(t('lottery.verify.badHash'));
  let result: unknown;
  try {
    result = JSON.parse(inputs.result);
  } catch {
    return invalid(t('lottery.verify.badJson'));
  }
  const problems = resultProblems(inputs.shape, result);
  if (problems.length > 0) return invalid(t('lottery.verify.badResult', { problems: problems.join('; ') }));
  const verified = verifyDraw({
    seed,
    seedHash: inputs.seedHash,
    gameCode,
    numero,
    shape: inputs.shape,
    result: result as DrawResult,
  });
  return { kind: 'checked', ...verified, shape: inputs.shape };
}

function CheckLine({ passed, children }: { passed: boolean; children: ReactNode }) {
  return (
    <li className={passed ? 'verify-check verify-check--pass' : 'verify-check verify-check--fail'}>
      {passed ? <CheckIcon /> : <AlertIcon />}
      <span>{children}</span>
    </li>
  );
}

/** A labelled multi-line field in the site's field style. */
function TextArea({
  label,
  value,
  onChange,
  rows,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
}) {
  const id = useId();
  return (
    <div className="field">
      <div className="field__label">
        <label htmlFor={id}>{label}</label>
      </div>
      <div className="field__frame">
        <textarea
          id={id}
          className="field__input verify-form__textarea"
          rows={rows}
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

/**
 * /lottery/verify: an e-lottery draw computed again in this browser with @tessera/lottery (the code the server draws
 * with), from its revealed seed: the seed must hash to the hash published before betting opened, and must give the
 * published numbers. ?gameId=&numero= loads a draw from the server; every value can also be pasted.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const [params, setParams] = useSearchParams();
  const requested = { gameId: params.get('gameId') ?? '', numero: params.get('numero') ?? '' };
  const draw = useQuery(drawQuery(requested.gameId, requested.numero));
  const [inputs, setInputs] = useState<Inputs>({ ...EMPTY, ...requested });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const shapeId = useId();

  // A loaded draw fills the form, and is checked at once when its seed is out.
  useEffect(() => {
    if (!draw.data) return;
    const filled = inputsOf(draw.data);
    setInputs(filled);
    setOutcome(draw.data.seed ? check(t, filled) : null);
  }, [draw.data, t]);

  const set = (key: keyof Inputs) => (value: string) => setInputs({ ...inputs, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(check(t, inputs));
  };
  const load = () => {
    setOutcome(null);
    setParams({ gameId: inputs.gameId.trim().toUpperCase(), numero: inputs.numero.trim() });
  };
  const pageName = t('pages.lotteryVerify');

  return (
    <div className="container lottery lottery-verify">
      <DocumentTitle>{`${pageName} · ${siteName}`}</DocumentTitle>
      <header className="page-heading">
        <span className="page-heading__icon">
          <ShieldIcon />
        </span>
        <div>
          <h1 className="page-heading__title">{pageName}</h1>
          <p className="page-heading__text">
            {t('lottery.verify.intro')} <a href="#procedure">{t('lottery.verify.readProcedure')}</a>
          </p>
        </div>
      </header>

      <div className="verify-layout">
        <form className="verify-form" onSubmit={submit} noValidate>
          <div className="verify-form__row">
            <Field
              label={t('lottery.verify.gameId')}
              value={inputs.gameId}
              onChange={set('gameId')}
              autoComplete="off"
            />
            <Field
              label={t('lottery.verify.numero')}
              value={inputs.numero}
              onChange={set('numero')}
              autoComplete="off"
            />
            <Button
              variant="secondary"
              className="verify-form__load"
              loading={draw.isFetching}
              disabled={!inputs.gameId.trim() || !inputs.numero.trim()}
              onClick={load}
            >
              {t('lottery.verify.load')}
            </Button>
          </div>
          {draw.isError ? <FormMessage tone="error">{errorText(t, draw.error)}</FormMessage> : null}
          {draw.data && !draw.data.seedHash ? (
            <FormMessage tone="info">{t('lottery.verify.official')}</FormMessage>
          ) : null}
          {draw.data?.seedHash && !draw.data.seed ? (
            <FormMessage tone="info">{t('lottery.verify.notDrawn')}</FormMessage>
          ) : null}
          <div className="field">
            <div className="field__label">
              <label htmlFor={shapeId}>{t('lottery.verify.shape')}</label>
            </div>
            <div className="field__frame">
              <select
                id={shapeId}
                className="field__input"
                value={inputs.shape}
                onChange={(event) => set('shape')(event.target.value)}
              >
                {SHAPE_CODES.map((shape) => (
                  <option key={shape} value={shape}>
                    {t(`lottery.shapes.${shape}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Field
            label={t('lottery.verify.seed')}
            value={inputs.seed}
            onChange={set('seed')}
            autoComplete="off"
            spellCheck={false}
          />
          <Field
            label={t('lottery.verify.seedHash')}
            value={inputs.seedHash}
            onChange={set('seedHash')}
            autoComplete="off"
            spellCheck={false}
          />
          <TextArea
            label={t('lottery.verify.result')}
            value={inputs.result}
            onChange={set('result')}
            rows={6}
          />
          <Button type="submit" size="lg">
            {t('lottery.verify.verify')}
          </Button>
        </form>

        <section className="verify-outcome" aria-label={t('lottery.verify.outcome')}>
          <h2 className="verify-outcome__title">{t('lottery.verify.outcome')}</h2>
          {outcome === null ? (
            <p className="verify-outcome__idle">{t('lottery.verify.idle')}</p>
          ) : outcome.kind === 'invalid' ? (
            <FormMessage tone="error">{outcome.message}</FormMessage>
          ) : (
            <>
              <FormMessage tone={outcome.hashMatches && outcome.resultMatches ? 'success' : 'error'}>
                {outcome.hashMatches && outcome.resultMatches
                  ? t('lottery.verify.fair')
                  : t('lottery.verify.unfair')}
              </FormMessage>
              <ul className="verify-checks">
                <CheckLine passed={outcome.hashMatches}>
                  {outcome.hashMatches ? t('lottery.verify.hashMatches') : t('lottery.verify.hashDiffers')}
                </CheckLine>
                <CheckLine passed={outcome.resultMatches}>
                  {outcome.resultMatches
                    ? t('lottery.verify.numbersMatch')
                    : t('lottery.verify.numbersDiffer')}
                </CheckLine>
              </ul>
              <h3 className="verify-outcome__subtitle">{t('lottery.verify.recomputed')}</h3>
              <DrawResultTable
                shape={outcome.shape}
                result={outcome.recomputed}
                label={t('lottery.verify.recomputed')}
              />
            </>
          )}
        </section>
      </div>

      <section id="procedure" className="verify-procedure" aria-labelledby="procedure-title">
        <h2 id="procedure-title">{t('lottery.verify.procedure.title')}</h2>
        <ol>
          <li>{t('lottery.verify.procedure.commit')}</li>
          <li>{t('lottery.verify.procedure.stream')}</li>
          <li>{t('lottery.verify.procedure.numbers')}</li>
          <li>{t('lottery.verify.procedure.check')}</li>
        </ol>
        <p className="verify-procedure__note">{t('lottery.verify.procedure.note')}</p>
      </section>
    </div>
  );
}
