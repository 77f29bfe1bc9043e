import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newAffiliateLink, type ResponseOf, registerDownlineBody } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { agentCentreAEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CopyIcon, TrashIcon, UserPlusIcon } from '../../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { FormField } from '../../auth/fields.tsx';
import { refusal, showFieldErrors } from '../../auth/validation.ts';
import { linksKey, linksQuery, teamKey } from '../queries-a.ts';
import '../../wallet/wallet.css';
import './agent-pages.css';

const registerSchema = registerDownlineBody.superRefine((value, context) => {
  if (!value.confirmPassword)
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'required' });
  else if (value.confirmPassword !== value.password)
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'mismatch' });
});
type RegisterForm = z.input<typeof registerSchema>;
type LinkRow = ResponseOf<typeof agentCentreAEndpoints.links>['list'][number];

/** The registration link of an affiliate code: the site's address with ?affiliateCode= (read by auth/urlCodes.ts). */
function affiliateUrl(code: string): string {
  return `${window.location.origin}/?affiliateCode=${encodeURIComponent(code)}`;
}

const typeKey = (type: number) =>
  type === 0 ? ('agentCentre.register.types.0' as const) : ('agentCentre.register.types.1' as const);

/** An account type the agent may open: 0 member, 1 agent. */
function TypePicker({ value, onChange }: { value: number; onChange: (type: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="agent-choice">
      <legend>{t('agentCentre.register.type')}</legend>
      {([0, 1] as const).map((type) => (
        <label key={type} className="agent-choice__option">
          <input type="radio" checked={value === type} onChange={() => onChange(type)} />
          <span>{t(`agentCentre.register.types.${type}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function RegisterDownline() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', password: '', confirmPassword: '', type: 0 },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: (body: RegisterForm) => api(agentCentreAEndpoints.registerDownline, { body }),
    onSuccess: () => {
      form.reset();
      setFormError(null);
      void queryClient.invalidateQueries({ queryKey: teamKey(token) });
    },
    onError: (cause) => {
      const refused = refusal(t, cause, { shown: ['username', 'password', 'confirmPassword', 'type'] });
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
    },
  });
  return (
    <section className="agent-section" aria-labelledby="agent-register-title">
      <h3 id="agent-register-title" className="wallet-form__title">
        {t('agentCentre.register.title')}
      </h3>
      <form
        className="wallet-form"
        noValidate
        onSubmit={(event) => {
          register.reset();
          setFormError(null);
          void form.handleSubmit((body) => register.mutate(body))(event);
        }}
      >
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => <TypePicker value={Number(field.value)} onChange={field.onChange} />}
        />
        <FormField
          control={form.control}
          name="username"
          label={t('agentCentre.register.username')}
          required
          autoComplete="off"
          maxLength={64}
        />
        <FormField
          control={form.control}
          name="password"
          label={t('agentCentre.register.password')}
          type="password"
          required
          autoComplete="new-password"
          maxLength={128}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          label={t('agentCentre.register.confirmPassword')}
          type="password"
          required
          autoComplete="new-password"
          maxLength={128}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {register.isSuccess ? (
          <FormMessage tone="success">
            {t('agentCentre.register.done', {
              username: register.data.username,
              type: t(typeKey(register.data.type)),
            })}
          </FormMessage>
        ) : null}
        <Button type="submit" size="lg" icon={<UserPlusIcon />} loading={register.isPending}>
          {t('agentCentre.register.submit')}
        </Button>
      </form>
    </section>
  );
}

function CreateLink() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof newAffiliateLink>>({
    resolver: zodResolver(newAffiliateLink),
    defaultValues: { type: 0, note: '' },
  });
  const create = useMutation({
    mutationFn: (body: z.input<typeof newAffiliateLink>) => api(agentCentreAEndpoints.createLink, { body }),
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: linksKey(token) });
    },
    onError: (cause) => showFieldErrors(form.setError, refusal(t, cause, { shown: ['type', 'note'] }).fields),
  });
  const refused = create.isError ? refusal(t, create.error, { shown: ['type', 'note'] }) : null;
  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        create.reset();
        void form.handleSubmit((body) => create.mutate(body))(event);
      }}
    >
      <h4 className="agent-subtitle">{t('agentCentre.register.links.create')}</h4>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => <TypePicker value={Number(field.value)} onChange={field.onChange} />}
      />
      <FormField
        control={form.control}
        name="note"
        label={t('agentCentre.register.links.note')}
        maxLength={100}
      />
      {refused?.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
      <Button type="submit" loading={create.isPending}>
        {t('agentCentre.register.links.submit')}
      </Button>
    </form>
  );
}

function CopyLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<CopyIcon />}
      aria-label={t('agentCentre.register.links.copyCode', { code })}
      onClick={() => {
        void navigator.clipboard?.writeText(affiliateUrl(code)).then(() => setCopied(true));
      }}
    >
      {copied ? t('agentCentre.register.links.copied') : t('agentCentre.register.links.copy')}
    </Button>
  );
}

function AffiliateLinks() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const links = useQuery(linksQuery(token));
  const [removing, setRemoving] = useState<LinkRow | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api(agentCentreAEndpoints.removeLink, { params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: linksKey(token) });
    },
  });
  const number = new Intl.NumberFormat(locale);
  const columns: Column<LinkRow>[] = [
    {
      key: 'code',
      header: t('agentCentre.register.links.code'),
      render: (row) => <span className="agent-code">{row.code}</span>,
    },
    {
      key: 'type',
      header: t('agentCentre.register.type'),
      render: (row) => t(typeKey(row.type)),
    },
    { key: 'note', header: t('agentCentre.register.links.note'), render: (row) => row.note || '—' },
    {
      key: 'clicks',
      header: t('agentCentre.register.links.clicks'),
      className: 'num',
      render: (row) => number.format(row.clicks),
    },
    {
      key: 'signups',
      header: t('agentCentre.register.links.signups'),
      className: 'num',
      render: (row) => number.format(row.signups),
    },
    {
      key: 'createdAt',
      header: t('agentCentre.register.links.createdAt'),
      render: (row) => formatDateTime(row.createdAt, locale),
    },
    {
      key: 'actions',
      header: t('agentCentre.register.links.actions'),
      render: (row) => (
        <div className="agent-actions">
          <CopyLink code={row.code} />
          <Button
            variant="ghost"
            size="sm"
            icon={<TrashIcon />}
            aria-label={t('agentCentre.register.links.removeCode', { code: row.code })}
            onClick={() => {
              remove.reset();
              setRemoving(row);
            }}
          >
            {t('agentCentre.register.links.remove')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <section className="agent-section" aria-labelledby="agent-links-title">
      <h3 id="agent-links-title" className="wallet-form__title">
        {t('agentCentre.register.links.title')}
      </h3>
      {links.isError ? <FormMessage tone="error">{errorText(t, links.error)}</FormMessage> : null}
      {!links.data ? (
        links.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          {links.data.defaultCode ? (
            <dl className="wallet-facts">
              <div>
                <dt>{t('agentCentre.register.links.defaultCode')}</dt>
                <dd className="agent-actions">
                  <span className="agent-code">{links.data.defaultCode}</span>
                  <CopyLink code={links.data.defaultCode} />
                </dd>
              </div>
            </dl>
          ) : null}
          {links.data.list.length === 0 ? (
            <p className="wallet-empty">{t('agentCentre.register.links.empty')}</p>
          ) : (
            <Table
              caption={t('agentCentre.register.links.title')}
              columns={columns}
              rows={links.data.list}
              rowKey={(row) => row.id}
            />
          )}
        </>
      )}
      <CreateLink />
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('agentCentre.register.links.removeTitle')}
        width={420}
        footer={
          <div className="agent-actions">
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="accent"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing.id)}
            >
              {t('agentCentre.register.links.remove')}
            </Button>
          </div>
        }
      >
        <p>{t('agentCentre.register.links.removeText', { code: removing?.code ?? '' })}</p>
        {remove.isError ? <FormMessage tone="error">{errorText(t, remove.error)}</FormMessage> : null}
      </Modal>
    </section>
  );
}

/**
 * Register downline (registerCenter): opens a member or agent account under the agent, and manages the affiliate
 * links whose visitors register under it (clicks and sign-ups counted by the server).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{t('agentCentre.pages.registerCenter')}</h2>
      <RegisterDownline />
      <AffiliateLinks />
    </div>
  );
}
