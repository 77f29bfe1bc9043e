import type { Notice } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';

interface NoticeModalProps {
  notices: Notice[];
  /** The notice shown, or null when the modal is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** The notice pop-up (§2 modals: noticeModal): one notice's title and HTML content, with previous and next. */
export function NoticeModal({ notices, index, onIndexChange, onClose }: NoticeModalProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  // The last notice stays on screen while the modal fades out.
  const [shownIndex, setShownIndex] = useState(index ?? 0);
  if (index !== null && index !== shownIndex) setShownIndex(index);
  const notice = notices[shownIndex];
  if (!notice) return null;

  const footer =
    notices.length > 1 ? (
      <div className="notice-modal__nav">
        <Button
          variant="ghost"
          size="sm"
          icon={<ChevronLeftIcon />}
          disabled={shownIndex === 0}
          onClick={() => onIndexChange(shownIndex - 1)}
        >
          {t('notices.previous')}
        </Button>
        <span className="notice-modal__counter">
          {t('notices.counter', { index: shownIndex + 1, count: notices.length })}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={shownIndex === notices.length - 1}
          onClick={() => onIndexChange(shownIndex + 1)}
        >
          {t('notices.next')}
          <ChevronRightIcon />
        </Button>
      </div>
    ) : undefined;

  return (
    <Modal
      open={index !== null}
      onClose={onClose}
      title={notice.title}
      footer={footer}
      className="notice-modal"
    >
      <p className="notice-modal__date">
        {t('notices.published', { date: formatDateTime(notice.createdAt, locale) })}
      </p>
      <div
        className="rich-text"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: notice HTML is sanitised by the server on save (architecture §4)
        dangerouslySetInnerHTML={{ __html: notice.content }}
      />
    </Modal>
  );
}
