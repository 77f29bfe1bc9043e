import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../ui/icons.tsx';
import { Button } from '../../../ui/index.ts';

/** The value of a URL parameter when it is one of the allowed ones. */
export function pick<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** The page number of the URL (1 when missing or not a number). */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('pageNo'))) || 1);
}

/**
 * The username filter of the team reports: searched on Enter or with its button (not on every key), empty for
 * the agent itself or its whole team. Not a form of its own, so that it may sit inside one (the red envelope's).
 */
export function UsernameSearch({ value, onSearch }: { value: string; onSearch: (username: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const search = () => onSearch(input.current?.value.trim() ?? '');
  return (
    <div className="agent-search">
      <label className="wallet-select" htmlFor={id}>
        <span>{t('agentCentre.reports.username')}</span>
        <input
          ref={input}
          id={id}
          key={value}
          type="search"
          defaultValue={value}
          maxLength={40}
          autoComplete="off"
          placeholder={t('agentCentre.reports.usernameHint')}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            search();
          }}
        />
      </label>
      <Button variant="secondary" icon={<SearchIcon />} onClick={search}>
        {t('agentCentre.reports.search')}
      </Button>
    </div>
  );
}
