import { Component, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../app/lazyPage.ts';
import { loadPageStrings } from '../../i18n/index.ts';
import { RefreshIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal } from '../../ui/index.ts';
import { closeAuthModal, useAuthModal } from './authModal.ts';

const load = () => import('./AuthModals.tsx');

/** Starts fetching the modals' code ahead of a click (the header's buttons call it on hover and focus). */
export function preloadAuthModals(): void {
  void Promise.all([load(), loadPageStrings()]).catch(() => {
    // The click will try again and say so if it fails.
  });
}

/** While the code loads: a dialog with a spinner, so the click is answered at once. */
function Loading() {
  const { t } = useTranslation();
  return (
    <Modal open onClose={closeAuthModal} title={t('common.loading')} width={420}>
      <CenteredSpinner label={t('common.loading')} />
    </Modal>
  );
}

class ChunkBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ChunkFailed
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}

function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={closeAuthModal}
      title={t('error.chunkTitle')}
      width={440}
      footer={
        <Button icon={<RefreshIcon />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <p>{t('error.chunkMessage')}</p>
    </Modal>
  );
}

/**
 * The slot of the accounts modals (§2: login pop-up, registration, forgotten and changed password, my account,
 * the trial-account warning). Their code loads the first time one opens, with the chunk timeout of §9; a failed
 * load says "Loading chunk failed" and offers a retry.
 */
export function AuthModal() {
  const { kind } = useAuthModal();
  const [needed, setNeeded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  if (kind !== null && !needed) setNeeded(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lazy component for each retry
  const AuthModals = useMemo(() => lazyPage(load), [attempt]);
  if (!needed) return null;
  return (
    <ChunkBoundary onRetry={() => setAttempt(attempt + 1)}>
      <Suspense fallback={kind ? <Loading /> : null}>
        <AuthModals />
      </Suspense>
    </ChunkBoundary>
  );
}
