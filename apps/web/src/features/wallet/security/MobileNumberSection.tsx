import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindMobileBody, type MemberInfo } from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { accountEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { PhoneIcon } from '../../../ui/icons.tsx';
import { Button, StatusBadge } from '../../../ui/index.ts';
import { useFirstInvalidFocus } from '../../../ui/useFirstInvalidFocus.ts';
import { FormField, SmsFields } from '../../auth/fields.tsx';
import { refusal, showFieldErrors } from '../../auth/validation.ts';

/** The member's mobile number changes, newest first (the numbers masked). */
const mobileChangesQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'mobileChanges'],
    queryFn: ({ signal }) => api(accountEndpoints.mobileChanges, { signal }),
    enabled: token !== null,
  });

const shown = (code: string | null, number: string | null) => (number ? `+${code ?? ''} ${number}` : '—');

/**
 * The mobile number of My account (issue 32 item 7): a member without one (registered by user name) adds it, a
 * member with one changes it. The SMS code sent to the new number proves it, the login password proves it is the
 * member; every change is listed below it (when, the number before and after, masked).
 */
export function MobileNumberSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const changes = useQuery(mobileChangesQuery(token));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const bound = info.mobileNum !== '';
  return (
    <section className="security-card" aria-labelledby="security-mobile">
      <div className="security-row">
        <span className="security-row__icon" aria-hidden="true">
          <PhoneIcon />
        </span>
        <div className="security-row__text">
          <h3 id="security-mobile" className="wallet-form__title">
            {t('security.mobile.title')}
          </h3>
          <p>{bound ? shown(info.countryDialingCode, info.mobileNum) : t('security.mobile.none')}</p>
          <p>{t('security.mobile.note')}</p>
        </div>
        <StatusBadge tone={bound ? 'success' : 'attention'}>
          {bound ? t('security.mobile.verified') : t('security.mobile.notAdded')}
        </StatusBadge>
        {!editing ? (
          <Button
            variant="secondary"
            onClick={() => {
              setEditing(true);
              setSaved(false);
            }}
          >
            {bound ? t('security.mobile.change') : t('security.mobile.add')}
          </Button>
        ) : null}
      </div>
      {saved ? <FormMessage tone="success">{t('security.mobile.saved')}</FormMessage> : null}
      {editing ? (
        <MobileNumberForm
          title={bound ? t('security.mobile.change') : t('security.mobile.add')}
          onDone={() => {
            setEditing(false);
            setSaved(true);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {changes.data && changes.data.length > 0 ? (
        <div className="security-history">
          <h4 id="security-mobile-history" className="security-history__title">
            {t('security.mobile.history')}
          </h4>
          <div className="wallet-table-wrap">
            <table className="wallet-table security-history__table" aria-labelledby="security-mobile-history">
              <thead>
                <tr>
                  <th scope="col">{t('security.mobile.changedAt')}</th>
                  <th scope="col">{t('security.mobile.before')}</th>
                  <th scope="col">{t('security.mobile.after')}</th>
                </tr>
              </thead>
              <tbody>
                {changes.data.map((change) => (
                  <tr key={`${change.at}-${change.mobileNum}`}>
                    <td>{formatDateTime(change.at, locale)}</td>
                    <td>{shown(change.oldCountryDialingCode, change.oldMobileNum)}</td>
                    <td>{shown(change.countryDialingCode, change.mobileNum)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}

type MobileNumberForm = z.input<typeof bindMobileBody>;

function MobileNumberForm({
  title,
  onDone,
  onCancel,
}: {
  title: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<MobileNumberForm>({
    resolver: zodResolver(bindMobileBody),
    defaultValues: { mobileNum: '', countryDialingCode: undefined, verificationCode: '', password: '' },
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(form.formState.submitCount);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(body: MobileNumberForm) {
    setFormError(null);
    try {
      await api(accountEndpoints.bindMobile, { body });
      await queryClient.invalidateQueries({ queryKey: ['member', token] });
      onDone();
    } catch (cause) {
      const refused = refusal(t, cause);
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
    }
  }

  return (
    <form
      ref={focus.ref}
      className="wallet-form security-form"
      aria-label={title}
      noValidate
      onSubmit={form.handleSubmit(submit)}
    >
      <SmsFields
        mobileLabel={t('security.mobile.number')}
        form={form}
        names={{ mobile: 'mobileNum', dialingCode: 'countryDialingCode', code: 'verificationCode' }}
        send={(number) => api(accountEndpoints.mobileSms, { body: number })}
      />
      <FormField
        control={form.control}
        name="password"
        label={t('security.payment.loginPassword')}
        hint={t('security.payment.loginPasswordHint')}
        type="password"
        autoComplete="current-password"
        maxLength={64}
        required
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <div className="security-form__actions">
        <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
          {t('security.mobile.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
