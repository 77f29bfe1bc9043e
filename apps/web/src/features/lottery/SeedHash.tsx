import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, CopyIcon, ShieldIcon } from '../../ui/icons.tsx';

/** Where a draw is checked in the browser. */
export const verifyPath = (gameId: string, numero: string) =>
  `/lottery/verify?${new URLSearchParams({ gameId, numero }).toString()}`;

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

/**
 * The seed hash of an e-lottery draw, published before its betting opened: shortened, copyable in full, with the
 * page that checks the draw once its seed is revealed.
 */
export function SeedHash({ hash, gameId, numero }: { hash: string; gameId: string; numero: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="seed-hash">
      <ShieldIcon />
      <span className="seed-hash__label">{t('lottery.seed.hash')}</span>
      <code className="seed-hash__value" title={hash}>
        {shortHash(hash)}
      </code>
      <button
        type="button"
        className="seed-hash__copy"
        aria-label={t('lottery.seed.copy')}
        title={t('lottery.seed.copy')}
        onClick={() => void copy()}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        <span aria-live="polite">{copied ? t('lottery.seed.copied') : null}</span>
      </button>
      <Link className="seed-hash__link" to={verifyPath(gameId, numero)}>
        {t('lottery.seed.howToVerify')}
      </Link>
    </div>
  );
}
