import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { amount } from '@tessera/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import { walletEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { Field, FormMessage } from '../../ui/Field.tsx';
import { SendIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/index.ts';
import { refusal } from '../auth/validation.ts';
import { AmountField } from './AmountField.tsx';
import { PaymentPasswordField } from './PaymentPasswordField.tsx';
import { money, useBalance, walletKey } from './queries.ts';
import './wallet.css';

const schema = z.object({
  amount,
  paymentPassword: z.string().regex(/^\d{6}$/, 'invalid_format'),
  remark: z.string().trim().max(140).optional(),
});
type Form = z.input<typeof schema>;

/**
 * A member transfer (the one member-transfer call) from the main wallet, confirmed with the payment password: to
 * the member's upline (transfer to upline) or to a direct downline (the agent centre's team). Shows the receiver and
 * the main wallet, the fields with the server's refusals, and the answer.
 */
export function MemberTransferForm({
  direction,
  to,
  submitLabel,
  doneText,
  onSent,
}: {
  direction: 'upline' | 'downline';
  /** The receiver's user name. */
  to: string;
  submitLabel: string;
  /** The success message, given the amount as written (with its currency) and the order's answer. */
  doneText: (sent: { amount: string; toUsername: string; orderNo: string }) => string;
  onSent?: () => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data: balance } = useBalance();
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', paymentPassword: '', remark: '' },
  });
  const send = useMutation({
    mutationFn: (body: z.output<typeof schema>) =>
      api(walletEndpoints.memberTransfer, {
        body: direction === 'downline' ? { direction, toUsername: to, ...body } : { direction, ...body },
      }),
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
      onSent?.();
    },
  });
  const refused = refusal(t, send.error, { shown: ['amount', 'paymentPassword', 'remark'], asSent: true });
  const digits = balance?.digits ?? 2;
  const symbol = balance?.currencySymbol ?? '';
  const main = balance?.wallets.find((wallet) => wallet.wallet === 'main')?.balance ?? 0;
  return (
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
          <dd>{to}</dd>
        </div>
        <div>
          <dt>{t('wallet.mainWallet')}</dt>
          <dd>
            {symbol} {money(main, digits)}
          </dd>
        </div>
      </dl>
      <AmountField control={form.control} name="amount" serverError={refused.fields.amount} />
      <PaymentPasswordField
        control={form.control}
        name="paymentPassword"
        serverError={refused.fields.paymentPassword}
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
          {doneText({
            amount: `${symbol} ${money(send.data.amount, digits)}`,
            toUsername: send.data.toUsername,
            orderNo: send.data.orderNo,
          })}
        </FormMessage>
      ) : null}
      <Button type="submit" variant="primary" size="lg" icon={<SendIcon />} loading={send.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
