import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Field, FormMessage } from '../../ui/Field.tsx';
import { CheckIcon, KeyIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal } from '../../ui/index.ts';
import { openAuthModal } from './authModal.ts';
import { avatarQuery, loadMemberInfo, memberInfoQuery, shownName } from './member.ts';
import { errorText, serverFieldErrors } from './validation.ts';

/**
 * "My account", reachable from the header's avatar until the member centre is built: the member info of §3
 * (account, club label, previous login), the nickname, the avatar chosen from the static set, and the
 * change-password modal.
 */
export function AccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locale = useDateLocale();
  const { token } = useSession();
  const info = useQuery(memberInfoQuery(token));
  const avatar = useQuery(avatarQuery(token));
  const [nickname, setNickname] = useState<string | null>(null);
  const [nicknameError, setNicknameError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<'nickname' | string | null>(null);

  const member = info.data;
  const shownNickname = nickname ?? member?.nickname ?? '';

  async function refresh() {
    try {
      await loadMemberInfo(queryClient);
    } catch {
      // The header keeps what it had.
    }
  }

  async function saveNickname(event: FormEvent) {
    event.preventDefault();
    const value = shownNickname.trim();
    if (!value) {
      setNicknameError(t('validation.required'));
      return;
    }
    setBusy('nickname');
    setNicknameError(undefined);
    setMessage(null);
    try {
      await api(accountEndpoints.setNickname, { body: { nickname: value } });
      await refresh();
      setNickname(null);
      setMessage({ tone: 'success', text: t('auth.account.nicknameSaved') });
    } catch (cause) {
      setNicknameError(serverFieldErrors(cause).nickname);
      setMessage({ tone: 'error', text: errorText(t, cause) });
    } finally {
      setBusy(null);
    }
  }

  async function chooseAvatar(id: string) {
    if (busy || id === avatar.data?.avatar) return;
    setBusy(id);
    setMessage(null);
    try {
      await api(accountEndpoints.setAvatar, { body: { avatarType: 'STATIC', avatar: id } });
      await refresh();
      setMessage({ tone: 'success', text: t('auth.account.avatarSaved') });
    } catch (cause) {
      setMessage({ tone: 'error', text: errorText(t, cause) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('auth.account.title')} width={560} className="auth-modal">
      {!member || !avatar.data ? (
        info.isError || avatar.isError ? (
          <FormMessage tone="error">{errorText(t, info.error ?? avatar.error)}</FormMessage>
        ) : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <div className="account-panel">
          <div className="account-panel__card">
            <img className="account-panel__avatar" src={avatar.data.url} alt="" width={72} height={72} />
            <div className="account-panel__who">
              <p className="account-panel__name">{shownName(member)}</p>
              <p className="account-panel__account">{member.account}</p>
              {member.clubLabel.labelName ? (
                <p className="account-panel__club">
                  {t('auth.account.club', {
                    name: member.clubLabel.labelName,
                    rank: member.clubLabel.rankLevel,
                  })}
                </p>
              ) : null}
            </div>
          </div>
          <dl className="account-panel__facts">
            <div>
              <dt>{t('auth.account.previousLogin')}</dt>
              <dd>
                {member.previousLoginAt
                  ? t('auth.account.previousLoginValue', {
                      time: formatDateTime(member.previousLoginAt, locale),
                      ip: member.previousLoginIp ?? '—',
                    })
                  : t('auth.account.firstLogin')}
              </dd>
            </div>
            {member.email ? (
              <div>
                <dt>{t('auth.fields.email')}</dt>
                <dd>{member.email}</dd>
              </div>
            ) : null}
            {member.mobileNum ? (
              <div>
                <dt>{t('auth.fields.mobileNum')}</dt>
                <dd>
                  +{member.countryDialingCode} {member.mobileNum}
                </dd>
              </div>
            ) : null}
          </dl>
          {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
          <form className="account-panel__nickname" noValidate onSubmit={(event) => void saveNickname(event)}>
            <Field
              label={t('auth.fields.nickname')}
              value={shownNickname}
              onChange={setNickname}
              error={nicknameError}
              maxLength={20}
              autoComplete="nickname"
            />
            <Button type="submit" variant="secondary" loading={busy === 'nickname'}>
              {t('auth.account.saveNickname')}
            </Button>
          </form>
          <fieldset className="account-panel__avatars">
            <legend>{t('auth.account.avatar')}</legend>
            <div className="avatar-grid">
              {avatar.data.options.map((option) => {
                const chosen = option.avatar === avatar.data.avatar;
                return (
                  <label
                    key={option.avatar}
                    className={chosen ? 'avatar-grid__item is-chosen' : 'avatar-grid__item'}
                  >
                    <input
                      type="radio"
                      name="avatar"
                      className="visually-hidden"
                      checked={chosen}
                      disabled={busy !== null && busy !== option.avatar}
                      onChange={() => void chooseAvatar(option.avatar)}
                    />
                    <img src={option.url} alt={option.name} width={56} height={56} loading="lazy" />
                    {chosen ? (
                      <span className="avatar-grid__check">
                        <CheckIcon />
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <Button
            variant="ghost"
            icon={<KeyIcon />}
            className="account-panel__password"
            onClick={() => openAuthModal('changePassword')}
          >
            {t('auth.changePassword.title')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
