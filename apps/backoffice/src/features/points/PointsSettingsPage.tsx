import { zodResolver } from '@hookform/resolvers/zod';
import {
  pointsConsoleEndpoints as api,
  GAME_TYPES,
  type PointsSettingsBody,
  pointsSettingsBody,
} from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { SaveButton, useSettings, useSettingsSave } from '../../app/settings.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TextField } from '../../ui/TextField.tsx';
import './points.css';

/** The contract's rules with an empty daily cap meaning none. */
const formSchema = pointsSettingsBody.extend({
  dailyCap: z.preprocess((value) => (value === '' ? null : value), pointsSettingsBody.shape.dailyCap),
});

/**
 * Points rules (operations edit, support reads): points per major unit of valid bet for each game type (0: the type
 * earns none), the optional daily cap per member, and the conversion: the ratio of points to one unit of cash, the
 * fewest points converted at once, and the turnover multiple of the cash. Each save is audited on the server.
 */
export function PointsSettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings(api.settings);
  return (
    <>
      <PageHeader title={t('nav.pointsSettings')} description={t('pointsSettings.description')} />
      <QueryView query={settings}>{(data) => <SettingsForm initial={data} />}</QueryView>
    </>
  );
}

function SettingsForm({ initial }: { initial: PointsSettingsBody & { currency: string } }) {
  const { t } = useTranslation();
  const rateOf = (product: string) => initial.rates.find((row) => row.product === product)?.rate ?? 0;
  const form = useForm<z.input<typeof formSchema>, unknown, PointsSettingsBody>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      rates: GAME_TYPES.map((product) => ({ product, rate: rateOf(product) })),
      dailyCap: initial.dailyCap ?? '',
      ratio: initial.ratio,
      minPoints: initial.minPoints,
      turnoverMultiple: initial.turnoverMultiple,
    },
  });
  const { save, editable } = useSettingsSave(api.settings, api.putSettings, t('pointsSettings.saved'));
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const invalid = t('pointsSettings.invalid');
  return (
    <form className="stack-lg" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={['dailyCap', 'ratio', 'minPoints', 'turnoverMultiple']} />
      <fieldset className="stack-lg points-fieldset" disabled={!editable}>
        <Card
          title={t('pointsSettings.ratesTitle')}
          description={t('pointsSettings.ratesHint', { currency: initial.currency })}
        >
          <div className="form-grid">
            {GAME_TYPES.map((product, index) => (
              <TextField
                key={product}
                label={t(`games.types.${product}`)}
                inputMode="decimal"
                error={errors.rates?.[index]?.rate ? invalid : undefined}
                {...form.register(`rates.${index}.rate`)}
              />
            ))}
            <TextField
              label={t('pointsSettings.dailyCap')}
              inputMode="numeric"
              hint={t('pointsSettings.dailyCapHint')}
              error={errors.dailyCap ? invalid : server.dailyCap}
              {...form.register('dailyCap')}
            />
          </div>
        </Card>
        <Card title={t('pointsSettings.conversionTitle')}>
          <div className="form-grid">
            <TextField
              label={t('pointsSettings.ratio', { currency: initial.currency })}
              inputMode="numeric"
              error={errors.ratio ? invalid : server.ratio}
              {...form.register('ratio')}
            />
            <TextField
              label={t('pointsSettings.minPoints')}
              inputMode="numeric"
              error={errors.minPoints ? invalid : server.minPoints}
              {...form.register('minPoints')}
            />
            <TextField
              label={t('pointsSettings.turnoverMultiple')}
              inputMode="numeric"
              error={errors.turnoverMultiple ? invalid : server.turnoverMultiple}
              {...form.register('turnoverMultiple')}
            />
          </div>
        </Card>
      </fieldset>
      <SaveButton editable={editable} pending={save.isPending} />
    </form>
  );
}
