import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Tone } from './Alert.tsx';
import { Icon } from './Icon.tsx';

interface ToastItem {
  id: number;
  tone: Tone;
  message: string;
}

interface ToastApi {
  show: (message: string, tone?: Tone) => void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

const TOAST_MS = 4000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setItems((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const show = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = nextId.current++;
      setItems((current) => [...current.slice(-2), { id, tone, message }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {createPortal(
        <section className="toasts" aria-label={t('common.notifications')}>
          <div role="status" aria-live="polite" className="toasts-list">
            {items.map((item) => (
              <div key={item.id} className={`toast toast-${item.tone}`}>
                <Icon name={item.tone === 'success' ? 'check' : item.tone === 'info' ? 'info' : 'alert'} />
                <span className="toast-message">{item.message}</span>
                <button
                  type="button"
                  className="btn btn-icon btn-ghost btn-sm"
                  onClick={() => dismiss(item.id)}
                  aria-label={t('common.dismiss')}
                >
                  <Icon name="x" size={14} />
                </button>
              </div>
            ))}
          </div>
        </section>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
