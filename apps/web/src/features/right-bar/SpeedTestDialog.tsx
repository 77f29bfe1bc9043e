import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';
import { ExternalIcon, RefreshIcon } from '../../ui/icons.tsx';
import { Button, Modal, Spinner } from '../../ui/index.ts';
import { measureLatency, type SpeedResult, speedClass } from './speedTest.ts';

const domainRouteQuery = queryOptions({
  queryKey: ['system', 'domainRoute'],
  queryFn: ({ signal }) => api(endpoints.domainRoute, { signal }),
});

function hostOf(domain: string): string {
  try {
    return new URL(domain).host;
  } catch {
    return domain;
  }
}

function ResultCell({ result }: { result: SpeedResult | undefined }) {
  const { t } = useTranslation();
  if (!result || result.state === 'pending') {
    return (
      <span className="speed__result">
        <Spinner size="sm" />
        {t('speedTest.testing')}
      </span>
    );
  }
  if (result.state === 'done') {
    return (
      <span className={`speed__result speed__result--${speedClass(result.ms)}`}>
        {t('speedTest.ms', { ms: result.ms })}
      </span>
    );
  }
  return (
    <span className="speed__result speed__result--slow">
      {result.state === 'timeout' ? t('speedTest.timeout') : t('speedTest.failed')}
    </span>
  );
}

/** The speed test (§2 right bar): the latency to each domain of the domain list, measured when opened. */
export function SpeedTestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isError } = useQuery({ ...domainRouteQuery, enabled: open });
  const domains = data?.domainList ?? [];
  const [results, setResults] = useState<Record<string, SpeedResult>>({});
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the test on purpose
  useEffect(() => {
    if (!open || domains.length === 0) return;
    let cancelled = false;
    setResults(Object.fromEntries(domains.map((domain) => [domain, { state: 'pending' } as const])));
    for (const domain of domains) {
      void measureLatency(domain).then((result) => {
        if (!cancelled) setResults((current) => ({ ...current, [domain]: result }));
      });
    }
    return () => {
      cancelled = true;
    };
  }, [open, domains.join(' '), round]);

  const testing = Object.values(results).some((result) => result.state === 'pending');

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('speedTest.title')}
      footer={
        <Button
          variant="secondary"
          icon={<RefreshIcon />}
          disabled={testing || domains.length === 0}
          onClick={() => setRound((value) => value + 1)}
        >
          {t('speedTest.again')}
        </Button>
      }
    >
      <p className="speed__intro">{t('speedTest.intro')}</p>
      {isError ? <p className="speed__empty">{t('speedTest.unavailable')}</p> : null}
      {data && domains.length === 0 ? <p className="speed__empty">{t('speedTest.none')}</p> : null}
      {domains.length > 0 ? (
        <table className="speed__table">
          <thead>
            <tr>
              <th scope="col">{t('speedTest.domain')}</th>
              <th scope="col">{t('speedTest.latency')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('speedTest.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {domains.map((domain) => (
              <tr key={domain}>
                <th scope="row" className="speed__domain">
                  {hostOf(domain)}
                </th>
                <td>
                  <ResultCell result={results[domain]} />
                </td>
                <td className="speed__open">
                  <a
                    href={domain}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('speedTest.openDomain', { domain: hostOf(domain) })}
                  >
                    <ExternalIcon />
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Modal>
  );
}
