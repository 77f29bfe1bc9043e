import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { dismissPostLoginModal, usePostLoginModalRequested } from './postLoginModal.ts';
import { useAnnouncements } from './queries.ts';

/** The after-login modal: the post-login announcements (type PL), one at a time. */
export function PostLoginModal() {
  const { t } = useTranslation();
  const requested = usePostLoginModalRequested();
  const query = useAnnouncements('PL', requested);
  const announcements = query.data ?? [];
  const [index, setIndex] = useState(0);
  const nothingToShow = requested && (query.isError || (query.isSuccess && query.data.length === 0));
  useEffect(() => {
    if (nothingToShow) dismissPostLoginModal();
  }, [nothingToShow]);
  const shown = announcements[Math.min(index, announcements.length - 1)];
  if (!shown) return null;

  function close() {
    dismissPostLoginModal();
    setIndex(0);
  }

  const footer =
    announcements.length > 1 ? (
      <div className="notice-modal__nav">
        <Button
          variant="ghost"
          size="sm"
          icon={<ChevronLeftIcon />}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          {t('notices.previous')}
        </Button>
        <span className="notice-modal__counter">
          {t('notices.counter', { index: index + 1, count: announcements.length })}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={index === announcements.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          {t('notices.next')}
          <ChevronRightIcon />
        </Button>
      </div>
    ) : (
      <Button onClick={close}>{t('common.ok')}</Button>
    );

  return (
    <Modal open={requested} onClose={close} title={shown.title} footer={footer}>
      <div
        className="rich-text"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: announcement HTML is sanitised by the server on save (architecture §4)
        dangerouslySetInnerHTML={{ __html: shown.content }}
      />
    </Modal>
  );
}
