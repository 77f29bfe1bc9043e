import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentOfferBody } from '@tessera/contract';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { agentCentreAEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { TrashIcon } from '../../../ui/icons.tsx';
import { Button, Modal } from '../../../ui/index.ts';
import { refusal, schemaText, serverFieldErrors } from '../../auth/validation.ts';
import { contractsKey } from '../queries-a.ts';
import './agent-pages.css';

/** The kinds and products an offer names (the contract's enums, in its order). */
const CONTRACT_KIND_KEYS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
const CONTRACT_PRODUCT_KEYS = [
  'CONS',
  'LIVE',
  'RNG',
  'SPORTS',
  'LOTT',
  'FISH',
  'ELOTT',
  'PVP',
  'ESPORTS',
] as const;

type OfferForm = z.input<typeof agentOfferBody>;
type TierField = 'minimumBet' | 'netLoss' | 'activeMember' | 'rate';
const TIER_FIELDS: TierField[] = ['minimumBet', 'netLoss', 'activeMember', 'rate'];
const emptyTier = { minimumBet: '0', netLoss: '0', activeMember: '0', rateType: 'P' as const, rate: '' };

/**
 * The offer form (agentContracts, team management): kind, product, payer and the tiers (thresholds and rate) for a
 * direct downline agent. The server enforces the differential rule; its refusal shows beside the tiers.
 */
export function OfferDialog({ downline, onClose }: { downline: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<OfferForm>({
    resolver: zodResolver(agentOfferBody),
    defaultValues: { downline, kind: 'dividend', product: 'CONS', payer: 'platform', tiers: [emptyTier] },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const send = useMutation({
    mutationFn: (body: OfferForm) => api(agentCentreAEndpoints.offer, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contractsKey(token) }),
  });
  const refused = refusal(t, send.error, {
    shown: ['kind', 'product', 'payer', 'tiers', 'downline', 'amountLimit'],
  });
  const server = refused.fields;
  // A tier's own refusal (tiers.N.field) stays beside that field, whatever refusal() keeps for the form.
  const tierRefusal = (index: number, field: TierField) =>
    serverFieldErrors(send.error)[`tiers.${index}.${field}`];
  const select = (
    name: 'kind' | 'product' | 'payer',
    options: { value: string; label: string }[],
    label: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <label className="wallet-select">
          <span>{label}</span>
          <select value={String(field.value)} onChange={(event) => field.onChange(event.target.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {server[name] ? <span className="field__error">{server[name]}</span> : null}
        </label>
      )}
    />
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={t('agentCentre.contracts.offerTitle', { username: downline })}
      width={640}
    >
      <form
        className="wallet-form"
        noValidate
        onSubmit={(event) => {
          send.reset();
          void form.handleSubmit((body) => send.mutate(body))(event);
        }}
      >
        <div className="agent-row">
          {select(
            'kind',
            CONTRACT_KIND_KEYS.map((value) => ({ value, label: t(`agentCentre.contracts.kinds.${value}`) })),
            t('agentCentre.contracts.kind'),
          )}
          {select(
            'product',
            CONTRACT_PRODUCT_KEYS.map((value) => ({
              value,
              label: t(`agentCentre.contracts.products.${value}`),
            })),
            t('agentCentre.contracts.product'),
          )}
          {select(
            'payer',
            (['platform', 'upline'] as const).map((value) => ({
              value,
              label: t(`agentCentre.contracts.payers.${value}`),
            })),
            t('agentCentre.contracts.payer'),
          )}
        </div>
        {kind === 'daily_salary' ? (
          <Controller
            control={form.control}
            name="amountLimit"
            shouldUnregister
            render={({ field, fieldState }) => (
              <Field
                ref={field.ref}
                label={t('agentCentre.contracts.amountLimit')}
                hint={t('agentCentre.contracts.amountLimitHint')}
                inputMode="decimal"
                value={String(field.value ?? '')}
                // Empty is no cap.
                onChange={(value) => field.onChange(value === '' ? null : value)}
                onBlur={field.onBlur}
                error={schemaText(t, fieldState.error) ?? server.amountLimit}
              />
            )}
          />
        ) : null}
        <fieldset className="agent-tiers" aria-describedby={server.tiers ? 'offer-tiers-error' : undefined}>
          <legend>{t('agentCentre.contracts.tiers')}</legend>
          {tiers.fields.map((tier, index) => (
            <div key={tier.id} className="agent-tier">
              <span className="agent-tier__name">
                {t('agentCentre.contracts.tierN', { tier: index + 1 })}
              </span>
              {TIER_FIELDS.map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={`tiers.${index}.${name}`}
                  render={({ field, fieldState }) => (
                    <Field
                      ref={field.ref}
                      label={t(`agentCentre.contracts.tier.${name}`)}
                      inputMode="decimal"
                      value={String(field.value ?? '')}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={schemaText(t, fieldState.error) ?? tierRefusal(index, name)}
                    />
                  )}
                />
              ))}
              <Controller
                control={form.control}
                name={`tiers.${index}.rateType`}
                render={({ field }) => (
                  <label className="wallet-select">
                    <span>{t('agentCentre.contracts.tier.rateType')}</span>
                    <select
                      value={field.value ?? 'P'}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      <option value="P">{t('agentCentre.contracts.rateTypes.P')}</option>
                      <option value="F">{t('agentCentre.contracts.rateTypes.F')}</option>
                    </select>
                  </label>
                )}
              />
              {tiers.fields.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<TrashIcon />}
                  aria-label={t('agentCentre.contracts.removeTier', { tier: index + 1 })}
                  onClick={() => tiers.remove(index)}
                />
              ) : null}
            </div>
          ))}
          {server.tiers ? (
            <p id="offer-tiers-error" className="field__error" role="alert">
              {server.tiers}
            </p>
          ) : null}
          {tiers.fields.length < 20 ? (
            <Button variant="secondary" size="sm" onClick={() => tiers.append(emptyTier)}>
              {t('agentCentre.contracts.addTier')}
            </Button>
          ) : null}
        </fieldset>
        {send.isError && refused.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
        {send.isSuccess ? (
          <FormMessage tone="success">
            {t('agentCentre.contracts.offerDone', { username: downline })}
          </FormMessage>
        ) : null}
        <div className="agent-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('agentCentre.contracts.offerSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
