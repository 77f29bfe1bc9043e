import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletTransferBody } from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { walletEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { Button, CenteredSpinner } from '../../../ui/index.ts';
import { refusal } from '../../auth/validation.ts';
import { AmountField } from '../AmountField.tsx';
import { balanceQuery, money, useBalance, walletKey } from '../queries.ts';
import '../wallet.css';

type Form = z.input<typeof walletTransferBody>;

/**
 * My wallet (transferFund): what each wallet holds and a transfer between the main wallet and a vendor's, so
 * that money is where the game that uses it is. Hidden from the menu when the merchant wallet is single. A vendor
 * wallet whose games are gone (not `playable`) is offered only as the wallet the money leaves, with a note why.
 */
export default function MyWalletPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data: balance } = useBalance();
  const form = useForm<Form>({
    resolver: zodResolver(walletTransferBody),
    defaultValues: { fromWallet: 'main', toWallet: '', amount: '' },
  });
  const transfer = useMutation({
    mutationFn: (body: z.output<typeof walletTransferBody>) => api(walletEndpoints.walletTransfer, { body }),
    onSuccess: (balances) => {
      queryClient.setQueryData(balanceQuery(token).queryKey, balances);
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
      // A wallet whose games are gone leaves the list once emptied: the form then starts from the main one.
      const listed = (code: string, destination: boolean) =>
        balances.wallets.some((wallet) => wallet.wallet === code && (wallet.playable || !destination));
      const fromWallet = listed(form.getValues('fromWallet'), false) ? form.getValues('fromWallet') : 'main';
      const toWallet = form.getValues('toWallet');
      form.reset({
        fromWallet,
        toWallet: toWallet !== fromWallet && listed(toWallet, true) ? toWallet : '',
        amount: '',
      });
    },
  });
  if (!balance) return <CenteredSpinner label={t('common.loading')} />;
  const refused = refusal(t, transfer.error, { shown: ['fromWallet', 'toWallet', 'amount'], asSent: true });
  const server = refused.fields;
  const errors = form.formState.errors;
  const from = form.watch('fromWallet');
  const fromBalance = balance.wallets.find((wallet) => wallet.wallet === from)?.balance ?? 0;
  const walletName = (code: string) =>
    code === 'main'
      ? t('wallet.mainWallet')
      : (balance.wallets.find((wallet) => wallet.wallet === code)?.name ?? code);
  return (
    <div className="wallet-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.transferFund')}</h2>
      <div className="wallet-total">
        <span className="wallet-total__label">{t('wallet.total')}</span>
        <strong className="wallet-total__amount">
          {balance.currencySymbol} {money(balance.sumBalance, balance.digits)}
        </strong>
      </div>
      <ul className="wallet-grid" aria-label={t('wallet.wallets')}>
        {balance.wallets.map((wallet) => (
          <li
            key={wallet.wallet}
            className={wallet.wallet === 'main' ? 'wallet-card wallet-card--main' : 'wallet-card'}
          >
            <span className="wallet-card__name">{walletName(wallet.wallet)}</span>
            <span className="wallet-card__amount">
              {balance.currencySymbol} {money(wallet.balance, balance.digits)}
            </span>
            {wallet.playable ? null : (
              <span className="wallet-card__note">{t('wallet.transfer.sourceOnly')}</span>
            )}
          </li>
        ))}
      </ul>
      <form
        className="wallet-form"
        noValidate
        onSubmit={(event) => {
          // A new attempt replaces the last answer: its banner goes, whatever this one says.
          transfer.reset();
          void form.handleSubmit((body) => transfer.mutate(body as z.output<typeof walletTransferBody>))(
            event,
          );
        }}
      >
        <h3 className="wallet-form__title">{t('wallet.transfer.title')}</h3>
        <div className="wallet-form__row">
          <label className="wallet-select">
            <span>{t('wallet.transfer.from')}</span>
            <select {...form.register('fromWallet')}>
              {balance.wallets.map((wallet) => (
                <option key={wallet.wallet} value={wallet.wallet}>
                  {walletName(wallet.wallet)}
                </option>
              ))}
            </select>
          </label>
          <label className="wallet-select">
            <span>{t('wallet.transfer.to')}</span>
            <select
              {...form.register('toWallet')}
              aria-invalid={errors.toWallet || server.toWallet ? true : undefined}
            >
              <option value="">{t('wallet.transfer.choose')}</option>
              {balance.wallets
                // A wallet whose games are gone only gives its money back: never a destination.
                .filter((wallet) => wallet.wallet !== from && wallet.playable)
                .map((wallet) => (
                  <option key={wallet.wallet} value={wallet.wallet}>
                    {walletName(wallet.wallet)}
                  </option>
                ))}
            </select>
            {errors.toWallet || server.toWallet ? (
              <span className="field__error">{server.toWallet ?? t('wallet.transfer.chooseError')}</span>
            ) : null}
          </label>
        </div>
        <AmountField
          control={form.control}
          name="amount"
          serverError={server.amount}
          hint={t('wallet.transfer.available', {
            amount: `${balance.currencySymbol} ${money(fromBalance, balance.digits)}`,
          })}
          addon={
            <span className="field__addon">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => form.setValue('amount', fromBalance, { shouldValidate: true })}
              >
                {t('wallet.transfer.all')}
              </Button>
            </span>
          }
        />
        {transfer.isError && refused.message ? (
          <FormMessage tone="error">{refused.message}</FormMessage>
        ) : null}
        {transfer.isSuccess ? <FormMessage tone="success">{t('wallet.transfer.done')}</FormMessage> : null}
        <Button type="submit" variant="primary" size="lg" loading={transfer.isPending}>
          {t('wallet.transfer.submit')}
        </Button>
      </form>
    </div>
  );
}
