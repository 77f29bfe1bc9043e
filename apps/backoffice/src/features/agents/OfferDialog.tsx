import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentContractConsoleEndpoints as api, operatorOfferBody } from '@tessera/contract';
import { type Control, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import { ContractTermsFields, type TemplateRow, type TermsForm } from './ContractTemplatesPage.tsx';
import { TierList } from './views.tsx';

type OfferForm = z.input<typeof operatorOfferBody>;

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
            <TierList tiers={template.tiers} money={money.format} amountLimit={template.amountLimit} />
          </>
        ) : (
          <ContractTermsFields
            control={form.control as unknown as Control<TermsForm>}
            register={form.register as unknown as UseFormRegister<TermsForm>}
            errors={errors as FieldErrors<TermsForm>}
            serverErrors={server}
          />
        )}
      </div>
    </FormDialog>
  );
}
