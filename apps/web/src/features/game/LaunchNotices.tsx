import { FB_POPUP_AUTO_CLOSE_MS } from '@tessera/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, SparkIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { showLaunchNotice, useLaunchNotice } from './launch.ts';
import './game.css';

/** The notices of a launch: "Coming Soon" for a game without a game or room id, and the FB warning. */
export function LaunchNotices() {
  const { t } = useTranslation();
  const notice = useLaunchNotice();
  const close = () => showLaunchNotice(null);

  useEffect(() => {
    if (notice !== 'fbBusy') return;
    const timer = window.setTimeout(() => showLaunchNotice(null), FB_POPUP_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const comingSoon = notice === 'comingSoon';
  return (
    <Modal
      open={notice !== null}
      onClose={close}
      title={comingSoon ? t('game.comingSoon.title') : t('game.fbBusy.title')}
      width={420}
      className="launch-notice"
      footer={<Button onClick={close}>{comingSoon ? t('common.ok') : t('common.confirm')}</Button>}
    >
      <div className="launch-notice__body">
        <span className="launch-notice__icon">{comingSoon ? <SparkIcon /> : <AlertIcon />}</span>
        <p>{comingSoon ? t('game.comingSoon.message') : t('game.fbBusy.message')}</p>
      </div>
    </Modal>
  );
}
