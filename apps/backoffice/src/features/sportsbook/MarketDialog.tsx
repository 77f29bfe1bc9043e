/// <reference path="../../../../../packages/sportsbook/src/oddslib.d.ts" />
// (The rules package's types for oddslib, which ships none: its odds formats compile in this app too.)
import { useMutation } from '@tanstack/react-query';
import {
  sportsbookConsoleEndpoints as api,
  type ConsoleSportsbookEventDetail,
  type ConsoleSportsbookMarket,
  SPORTSBOOK_LINE_TYPES,
  type SportsbookMarketType,
} from '@tessera/contract';
import { applyMargin, type MarketSpec, selectionsOf, specProblem } from '@tessera/sportsbook';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { eventName, marketName, selectionLabel, useEventChanged } from './sportsbook.ts';

const TYPES: Record<'football' | 'esports', readonly SportsbookMarketType[]> = {
  football: ['1x2', 'ah', 'ou', 'oe', 'dc', 'cs'],
  esports: ['winner', 'map_handicap', 'total_maps', 'map_winner'],
};
const LINED = new Set<string>(SPORTSBOOK_LINE_TYPES);

interface MarketForm {
  type: SportsbookMarketType;
  period: 'ft' | 'h1';
  line: string;
  map: string;
  /** The margin as a percentage (5 = 5%); the contract takes the fraction. */
  margin: string;
  fromModel: boolean;
  fair: Record<string, string>;
  liabilityLimit: string;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** The spec the form describes, or null while it is not a valid one (a line still to type). */
function specOf(values: MarketForm): MarketSpec | null {
  const spec: MarketSpec = {
    type: values.type,
    period: values.period,
    ...(LINED.has(values.type) ? { line: numberOf(values.line) } : {}),
    ...(values.type === 'map_winner' ? { map: numberOf(values.map) } : {}),
  };
  return specProblem(spec) === null ? spec : null;
}

/**
 * A new market, or new prices for one: the fair price of each selection (or the event's goals model), the margin
 * the book applies to them (the prices offered are shown as they will be), and the liability at which the market
 * suspends itself (empty: the book's default).
 */
export function MarketDialog({
  event,
  market,
  onClose,
}: {
  event: ConsoleSportsbookEventDetail;
  market: ConsoleSportsbookMarket | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const changed = useEventChanged(event.id);
  const types = TYPES[event.kind];
  const hasModel = event.homeRating !== null && event.awayRating !== null;
  const form = useForm<MarketForm>({
    defaultValues: {
      type: market?.type ?? types[0],
      period: market?.period ?? 'ft',
      line: market?.line === null || market?.line === undefined ? '' : String(market.line),
      map: market?.map ? String(market.map) : '1',
      margin: String(Math.round((market?.margin ?? 0.05) * 10_000) / 100),
      fromModel: false,
      fair: Object.fromEntries(
        (market?.selections ?? []).map((selection) => [
          selection.code,
          String(market?.fair?.[selection.code] ?? selection.price),
        ]),
      ),
      liabilityLimit:
        market?.liabilityLimit === null || market?.liabilityLimit === undefined
          ? ''
          : String(market.liabilityLimit),
    },
  });
  const values = useWatch({ control: form.control }) as MarketForm;
  const spec = specOf(values);
  const codes = spec ? selectionsOf(spec) : [];
  const margin = numberOf(values.margin) / 100;
  const fair = codes.map((code) => numberOf(values.fair?.[code] ?? ''));
  // The prices offered, as the server will make them from these fair prices and this margin.
  const offered =
    !values.fromModel && fair.length > 1 && fair.every((price) => price > 1) && margin >= 0 && margin <= 0.5
      ? applyMargin(
          fair.map((price) => 1 / price),
          margin,
        )
      : null;
  const save = useMutation({
    mutationFn: () => {
      const pricing = {
        margin: margin,
        ...(values.fromModel
          ? { fromModel: true }
          : { fair: Object.fromEntries(codes.map((code) => [code, values.fair?.[code]?.trim() ?? ''])) }),
        liabilityLimit: values.liabilityLimit.trim() === '' ? null : values.liabilityLimit.trim(),
      };
      if (market) return call(api.priceMarket, { params: { id: market.id }, body: pricing });
      return call(api.createMarket, {
        params: { id: event.id },
        body: {
          ...pricing,
          type: values.type,
          period: values.period,
          ...(LINED.has(values.type) ? { line: values.line.trim() } : {}),
          ...(values.type === 'map_winner' ? { map: values.map } : {}),
        },
      });
    },
    onSuccess: (next) => {
      changed(next);
      toast.show(t(market ? 'sportsbook.priced' : 'sportsbook.marketAdded'), 'success');
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const price = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  return (
    <FormDialog
      size="lg"
      title={
        market
          ? t('sportsbook.priceTitle', {
              market: marketName(t, market, i18n.language),
              event: eventName(event),
            })
          : t('sportsbook.addMarketTitle', { event: eventName(event) })
      }
      saveLabel={t(market ? 'sportsbook.savePrices' : 'sportsbook.addMarket')}
      saving={save.isPending}
      error={save.error}
      shownFields={['type', 'period', 'line', 'map', 'margin', 'fair', 'liabilityLimit']}
      onClose={onClose}
      onSubmit={form.handleSubmit(() => save.mutate())}
    >
      <div className="form-grid">
        {market ? null : (
          <>
            <Select
              label={t('sportsbook.marketType')}
              options={types.map((type) => ({
                value: type,
                label: t(`sportsbook.marketTypes.${type}`, { map: 'N' }),
              }))}
              error={server.type}
              {...form.register('type')}
            />
            {event.kind === 'football' ? (
              <Select
                label={t('sportsbook.period')}
                options={(['ft', 'h1'] as const).map((period) => ({
                  value: period,
                  label: t(`sportsbook.periods.${period}`),
                }))}
                error={server.period}
                {...form.register('period')}
              />
            ) : null}
            {LINED.has(values.type) ? (
              <TextField
                label={t('sportsbook.line')}
                hint={t('sportsbook.lineHint')}
                inputMode="decimal"
                error={server.line}
                {...form.register('line')}
              />
            ) : null}
            {values.type === 'map_winner' ? (
              <TextField
                label={t('sportsbook.map')}
                inputMode="numeric"
                error={server.map}
                {...form.register('map')}
              />
            ) : null}
          </>
        )}
        <TextField
          label={t('sportsbook.marginPercent')}
          hint={t('sportsbook.marginHint')}
          inputMode="decimal"
          error={server.margin}
          {...form.register('margin')}
        />
        <TextField
          label={t('sportsbook.liabilityLimit')}
          hint={t('sportsbook.liabilityLimitHint')}
          inputMode="decimal"
          error={server.liabilityLimit}
          {...form.register('liabilityLimit')}
        />
        {hasModel ? (
          <div className="span-2">
            <Checkbox
              label={t('sportsbook.fromModel')}
              checked={values.fromModel}
              onChange={(on) => form.setValue('fromModel', on)}
            />
          </div>
        ) : null}
      </div>
      {values.fromModel ? null : spec === null ? (
        <p className="field-hint">{t('sportsbook.specFirst')}</p>
      ) : (
        <fieldset className="sbc-fair">
          <legend className="field-label">{t('sportsbook.fairPrices')}</legend>
          {server.fair ? <p className="field-error">{server.fair}</p> : null}
          <div className="sbc-fair__grid">
            {codes.map((code, index) => (
              <div key={code} className="sbc-fair__row">
                <TextField
                  label={selectionLabel(t, code, event)}
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register(`fair.${code}`)}
                />
                <p className="sbc-fair__offered" aria-live="polite">
                  {t('sportsbook.offered')}{' '}
                  <strong className="mono">
                    {offered?.[index] ? price.format(offered[index] ?? 0) : '—'}
                  </strong>
                </p>
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </FormDialog>
  );
}
