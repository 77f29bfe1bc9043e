import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner } from '../../../ui/index.ts';
import { MemberTransferForm } from '../MemberTransferForm.tsx';
import { transferTargetsQuery, useBalance } from '../queries.ts';
import '../wallet.css';

/**
 * Transfer to upline (transferUpline): money from the main wallet to the member's upline, confirmed with the
 * payment password. The menu shows it only where §2 allows it; the server checks the same rules.
 */
export default function TransferUplinePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data: balance } = useBalance();
  const { data: targets } = useQuery(transferTargetsQuery(token));
  if (!balance || !targets) return <CenteredSpinner label={t('common.loading')} />;
  return (
    <div className="wallet-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.transferUpline')}</h2>
      {!targets.upline.allowed ? (
        <FormMessage tone="info">{t('wallet.upline.notAllowed')}</FormMessage>
      ) : (
        <MemberTransferForm
          direction="upline"
          to={targets.upline.username ?? ''}
          submitLabel={t('wallet.upline.submit')}
          doneText={(sent) => t('wallet.upline.done', { amount: sent.amount, orderNo: sent.orderNo })}
        />
      )}
    </div>
  );
}
