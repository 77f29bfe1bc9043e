import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALL_LANGUAGES,
  supportConsoleEndpoints as bo,
  type LanguageCode,
  type SupportCannedReply,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Minutes after midnight as an <input type="time"> value, and back (24:00 is the end of the day). */
const asTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const asMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * What the operators configure for the built-in customer service: business hours per weekday in a time zone
 * (operations; outside them a member's message waits as pending), and canned replies per language.
 */
export function SupportSettings() {
  const { operator } = useSession();
  return (
    <div className="support-settings">
      <HoursCard editable={mayCall(operator?.role, bo.setHours)} />
      <CannedCard />
    </div>
  );
}

function HoursCard({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const hours = useQuery({ queryKey: [bo.hours.path], queryFn: ({ signal }) => call(bo.hours, { signal }) });
  const [draft, setDraft] = useState<{ timeZone: string; hours: [number, number][] } | null>(null);
  const save = useMutation({
    mutationFn: (body: { timeZone: string; hours: [number, number][] }) => call(bo.setHours, { body }),
    onSuccess: (data) => {
      queryClient.setQueryData([bo.hours.path], data);
      void queryClient.invalidateQueries({ queryKey: [bo.queues.path] });
      setDraft(null);
      toast.show(t('support.hoursSaved'));
    },
  });
  // Sunday first, as the server keeps them; named in the reader's language.
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  const dayName = (day: number) => weekday.format(new Date(Date.UTC(2026, 0, 4 + day)));
  return (
    <Card title={t('support.hours')} description={t('support.hoursHint')}>
      <QueryView query={hours}>
        {(data) => {
          const value = draft ?? data;
          const errors = fieldErrors(save.error);
          const set = (day: number, index: 0 | 1, time: string) =>
            setDraft({
              ...value,
              hours: value.hours.map((range, at) =>
                at === day
                  ? index === 0
                    ? [asMinutes(time), range[1]]
                    : [range[0], asMinutes(time) || 1440]
                  : range,
              ),
            });
          return (
            <form
              className="support-hours"
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate(value);
              }}
            >
              <TextField
                label={t('support.timeZone')}
                value={value.timeZone}
                disabled={!editable}
                error={errors.timeZone}
                onChange={(event) => setDraft({ ...value, timeZone: event.target.value })}
              />
              {DAYS.map((day) => (
                <fieldset key={day} className="support-hours__day">
                  <legend>{dayName(day)}</legend>
                  <TextField
                    label={t('support.from')}
                    type="time"
                    disabled={!editable}
                    value={asTime(value.hours[day]?.[0] ?? 0)}
                    onChange={(event) => set(day, 0, event.target.value)}
                  />
                  <TextField
                    label={t('support.until')}
                    type="time"
                    disabled={!editable}
                    value={asTime(Math.min(value.hours[day]?.[1] ?? 1440, 1439))}
                    hint={(value.hours[day]?.[1] ?? 0) >= 1440 ? t('support.endOfDay') : undefined}
                    onChange={(event) => set(day, 1, event.target.value)}
                  />
                </fieldset>
              ))}
              {editable ? (
                <Button type="submit" variant="primary" loading={save.isPending} disabled={draft === null}>
                  {t('common.save')}
                </Button>
              ) : null}
              <FormError error={save.error} shownFields={['timeZone']} />
            </form>
          );
        }}
      </QueryView>
    </Card>
  );
}

function CannedCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<LanguageCode>('EN');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const canned = useQuery({
    queryKey: [bo.canned.path],
    queryFn: ({ signal }) => call(bo.canned, { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [bo.canned.path] });
  const add = useMutation({
    mutationFn: () => call(bo.addCanned, { body: { language, title, body } }),
    onSuccess: () => {
      setTitle('');
      setBody('');
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(bo.removeCanned, { params: { id } }),
    onSuccess: refresh,
  });
  const errors = fieldErrors(add.error);
  return (
    <Card title={t('support.cannedTitle')} description={t('support.cannedHint')}>
      <QueryView query={canned}>
        {(rows) => (
          <Table
            caption={t('support.cannedTitle')}
            rows={rows}
            rowKey={(row) => String(row.id)}
            columns={[
              {
                key: 'language',
                header: t('support.language'),
                render: (row) => t(`languages.${row.language}`),
              },
              { key: 'title', header: t('support.cannedName'), render: (row) => row.title },
              { key: 'body', header: t('support.cannedText'), render: (row) => row.body },
              actionsColumn(t('common.actions'), (row: SupportCannedReply) => (
                <RowButton
                  icon="trash"
                  aria-label={t('support.cannedRemove', { title: row.title })}
                  onClick={() => remove.mutate(row.id)}
                >
                  {t('common.delete')}
                </RowButton>
              )),
            ]}
          />
        )}
      </QueryView>
      <form
        className="support-canned-form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <Select
          label={t('support.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as LanguageCode)}
          options={ALL_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
        <TextField
          label={t('support.cannedName')}
          value={title}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextArea
          label={t('support.cannedText')}
          rows={3}
          value={body}
          error={errors.body}
          onChange={(event) => setBody(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          {t('support.cannedAdd')}
        </Button>
        <FormError error={add.error ?? remove.error} shownFields={['title', 'body', 'language']} />
      </form>
    </Card>
  );
}
