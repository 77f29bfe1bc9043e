import { useQuery } from '@tanstack/react-query';
import { type PAYOUT_METHODS, payoutEndpoints } from '@tessera/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';

type Method = (typeof PAYOUT_METHODS)[number];

/** The payout settings (which gateway channel pays approved withdrawals, if any). */
function usePayoutSettings() {
  return useQuery({
    queryKey: [payoutEndpoints.settings.path],
    queryFn: ({ signal }) => call(payoutEndpoints.settings, { signal }),
  });
}

/**
 * How an approval pays: through the payout provider when one is set (the default), or by hand. Null until the
 * settings are known, and when no provider is set (the approval is then by hand).
 */
export function usePayoutMethod(): [Method | null, (method: Method) => void] {
  const settings = usePayoutSettings();
  const [method, setMethod] = useState<Method | null>(null);
  const provider = settings.data?.channelId != null;
  useEffect(() => {
    if (provider && method === null) setMethod('provider');
  }, [provider, method]);
  return [provider ? method : null, setMethod];
}

/** The choice of payout method, shown only when a payout provider is set. */
export function PayoutMethodField({
  via,
  onChange,
}: {
  via: Method | null;
  onChange: (method: Method) => void;
}) {
  const { t } = useTranslation();
  if (via === null) return null;
  return (
    <fieldset className="payout-method">
      <legend>{t('withdrawals.payoutMethod')}</legend>
      {(['provider', 'manual'] as const).map((method) => (
        <label key={method} className="payout-method__choice">
          <input
            type="radio"
            name="payout-method"
            value={method}
            checked={via === method}
            onChange={() => onChange(method)}
          />
          <span>{t(`withdrawals.payoutMethods.${method}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
