import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { amount } from '@tessera/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../../app/api.ts';
import { walletEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { Button, CenteredSpinner } from '../../../ui/index.ts';
import { refusal } from '../../auth/validation.ts';
import { AmountField } from '../AmountField.tsx';
import { PaymentPasswordField } from '../PaymentPasswordField.tsx';
import { money, transferTargetsQuery, useBalance, walletKey } from '../queries.ts';
import '../wallet.css';

const schema = z.object({
  amount,
  paymentPassword: z.string().regex(/^\d{6}$/, 'invalid_format'),
  remark: z.string().trim().max(140).optional(),
});
type Form = z.input<typeof schema>;

/**
 * Transfer to upline (transferUpline): money from the main wallet to the member's upline, confirmed with the
 * payment password. The menu shows it only where §2 allows it; the server checks the same rules.
 */
export default function TransferUplinePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data: balance } = useBalance();
  const { data: targets } = useQuery(transferTargetsQuery(token));
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', paymentPassword: '', remark: '' },
  });
  const send = useMutation({
    mutationFn: (body: z.output<typeof schema>) =>
      api(walletEndpoints.memberTransfer, { body: { direction: 'upline', ...body } }),
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
    },
  });
  if (!balance || !targets) return <CenteredSpinner label={t('common.loading')} />;
  const refused = refusal(t, send.error, { shown: ['amount', 'paymentPassword', 'remark'], asSent: true });
  const server = refused.fields;
  const main = balance.wallets.find((wallet) => wallet.wallet === 'main')?.balance ?? 0;
  return (
    <div className="wallet-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.transferUpline')}</h2>
      {!targets.upline.allowed ? (
        <FormMessage tone="info">{t('wallet.upline.notAllowed')}</FormMessage>
      ) : (
        <form
          className="wallet-form"
          noValidate
          onSubmit={(event) => {
            // A new attempt replaces the last answer: its banner goes, whatever this one says.
            send.reset();
            void form.handleSubmit((body) => send.mutate(body as z.output<typeof schema>))(event);
          }}
        >
          <dl className="wallet-facts">
            <div>
              <dt>{t('wallet.upline.to')}</dt>
              <dd>{targets.upline.username}</dd>
            </div>
            <div>
              <dt>{t('wallet.mainWallet')}</dt>
              <dd>
                {balance.currencySymbol} {money(main, balance.digits)}
              </dd>
            </div>
          </dl>
          <AmountField control={form.control} name="amount" serverError={server.amount} />
          <PaymentPasswordField
            control={form.control}
            name="paymentPassword"
            serverError={server.paymentPassword}
          />
          <Controller
            control={form.control}
            name="remark"
            render={({ field }) => (
              <Field
                label={t('wallet.remark')}
                maxLength={140}
                value={field.value ?? ''}
                onChange={field.onChange}
              />
            )}
          />
          {send.isError && refused.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
          {send.isSuccess ? (
            <FormMessage tone="success">
              {t('wallet.upline.done', {
                amount: `${balance.currencySymbol} ${money(send.data.amount, balance.digits)}`,
                orderNo: send.data.orderNo,
              })}
            </FormMessage>
          ) : null}
          <Button type="submit" variant="primary" size="lg" loading={send.isPending}>
            {t('wallet.upline.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
