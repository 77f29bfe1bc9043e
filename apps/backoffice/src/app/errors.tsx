import { ApiError } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert.tsx';

/** Per-field messages of a validation failure, keyed by field path (e.g. 'title', 'linkUrl'). */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

/**
 * The error banner of a form: the message, and any field messages that no control of the form shows beside it.
 */
export function FormError({ error, shownFields = [] }: { error: unknown; shownFields?: readonly string[] }) {
  const { t } = useTranslation();
  if (!error) return null;
  const fields = fieldErrors(error);
  const others = Object.entries(fields).filter(([name]) => !shownFields.includes(name));
  return (
    <Alert tone="error" title={errorText(t, error)}>
      {others.length > 0 ? (
        <ul>
          {others.map(([name, message]) => (
            <li key={name}>
              <span className="mono">{name}</span>: {message}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={errorText(t, error)}>
      {onRetry ? (
        <button type="button" className="btn btn-sm btn-secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </Alert>
  );
}
