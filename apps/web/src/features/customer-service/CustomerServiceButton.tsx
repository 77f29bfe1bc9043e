import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../ui/icons.tsx';
import { Button, type ButtonVariant } from '../../ui/index.ts';
import { usePermission } from '../site/queries.ts';
import { openCustomerService } from './openCustomerService.ts';

/**
 * "Customer service": opens the live-chat link of the permission info in a popup. Without a link (none
 * configured, or the permission call failed) the button is disabled and a hint says why.
 */
export function CustomerServiceButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const { t } = useTranslation();
  const permission = usePermission();
  const hintId = useId();
  const url = permission.data?.info.support.liveChatUrl ?? '';
  const unavailable = !url && !permission.isPending;

  return (
    <div className="cs-button">
      <Button
        variant={variant}
        size="lg"
        icon={<HeadsetIcon />}
        loading={permission.isPending}
        disabled={!url}
        aria-describedby={unavailable ? hintId : undefined}
        onClick={() => openCustomerService(url)}
      >
        {t('status.customerService')}
      </Button>
      {unavailable ? (
        <p id={hintId} className="cs-button__hint">
          {t('status.customerServiceUnavailable')}
        </p>
      ) : null}
    </div>
  );
}
