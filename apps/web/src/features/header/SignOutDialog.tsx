import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal } from '../../ui/index.ts';
import { signOut } from '../auth/signOut.ts';

/** The sign-out confirmation (§2 header: key in_sure_logout, cancel and confirm). */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    await signOut(queryClient, () => navigate('/index'));
    setBusy(false);
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('header.signOut')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void confirm()}>
            {t('header.signOut')}
          </Button>
        </>
      }
    >
      <p className="sign-out__text">{t('in_sure_logout')}</p>
    </Modal>
  );
}
