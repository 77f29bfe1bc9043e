import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentContractConsoleEndpoints as api, operatorOfferBody } from '@tessera/contract';
import { type Control, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import {
  CONTRACT_KINDS,
  CONTRACT_PRODUCTS,
  DIVIDEND_CARRIES,
  DIVIDEND_PERIODS,
  type TemplateRow,
  TierFields,
  useOptions,
} from './ContractTemplatesPage.tsx';
import { TierList } from './views.tsx';

type OfferForm = z.input<typeof operatorOfferBody>;
type TierForm = { tiers?: OfferForm['tiers'] };

/**
 * Offers a contract to a top-level agent: a template's terms, or terms of its own. The agent answers it in its
 * agent centre; the server refuses an agent with an upline (contract_not_top_level), shown translated.
 */
export function OfferDialog({
  template,
  username = '',
  onClose,
}: {
  template: TemplateRow | null;
  username?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const options = useOptions();
  const money = useMoney();
  const queryClient = useQueryClient();
  const form = useForm<OfferForm, unknown, z.output<typeof operatorOfferBody>>({
    resolver: zodResolver(operatorOfferBody),
    defaultValues: template
      ? { username, templateId: template.id }
      : {
          username,
          kind: 'dividend',
          product: 'CONS',
          period: 'semimonthly',
          carry: 'month',
          tiers: [{ minimumBet: '0', netLoss: '0', activeMember: '0', rateType: 'P', rate: '' }],
        },
  });
  const offer = useMutation({
    mutationFn: (body: z.output<typeof operatorOfferBody>) => call(api.offer, { body }),
    onSuccess: (contract) => {
      void queryClient.invalidateQueries({ queryKey: [api.agentContracts.path] });
      toast.show(t('agents.contracts.offered', { username: contract.agent.username }));
      onClose();
    },
  });
  const server = fieldErrors(offer.error);
  const errors = form.formState.errors;
  return (
    <FormDialog
      title={
        template
          ? t('agents.contracts.offerTitle', { name: template.name })
          : t('agents.contracts.offerOwnTitle')
      }
      size="lg"
      saveLabel={t('agents.contracts.sendOffer')}
      saving={offer.isPending}
      error={offer.error}
      shownFields={['username']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => offer.mutate(body))}
    >
      <div className="stack">
        <TextField
          label={t('agents.contracts.agentUsername')}
          hint={t('agents.contracts.agentUsernameHint')}
          maxLength={64}
          error={errors.username ? t('agents.contracts.usernameRequired') : server.username}
          {...form.register('username')}
        />
        {template ? (
          <>
            <p className="muted">
              {t(`agents.kinds.${template.kind}`)} · {t(`agents.products.${template.product}`)}
            </p>
            <TierList tiers={template.tiers} money={money.format} />
          </>
        ) : (
          <>
            <div className="agent-tier-row">
              <Select
                label={t('agents.contracts.kind')}
                options={options('kinds', CONTRACT_KINDS)}
                {...form.register('kind')}
              />
              <Select
                label={t('agents.contracts.product')}
                options={options('products', CONTRACT_PRODUCTS)}
                {...form.register('product')}
              />
              {form.watch('kind') === 'dividend' ? (
                <>
                  <Select
                    label={t('agents.contracts.period')}
                    options={options('periods', DIVIDEND_PERIODS)}
                    {...form.register('period')}
                  />
                  <Select
                    label={t('agents.contracts.carry')}
                    options={options('carries', DIVIDEND_CARRIES)}
                    {...form.register('carry')}
                  />
                </>
              ) : null}
            </div>
            <TierFields
              control={form.control as unknown as Control<TierForm>}
              register={form.register as unknown as UseFormRegister<TierForm>}
              errors={errors as FieldErrors<TierForm>}
              serverErrors={server}
            />
          </>
        )}
      </div>
    </FormDialog>
  );
}
