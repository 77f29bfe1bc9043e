import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FEEDBACK_LIMITS, FEEDBACK_TYPES, type FeedbackBody, feedbackBody } from '@tessera/contract';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { inboxEndpoints } from '../../app/endpoints.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { Button } from '../../ui/index.ts';
import { refusal, schemaText } from '../auth/validation.ts';

type Form = z.input<typeof feedbackBody>;

/**
 * Feedback (§2 "feedback", the original's PUT /wps/feedback): a question type and what the member writes, 5 to
 * 1,000 characters. The reply comes to the inbox. The server limits how many a member sends in an hour.
 */
export function FeedbackForm() {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useDateLocale()).format;
  const ids = { type: useId(), content: useId() };
  const form = useForm<Form>({
    resolver: zodResolver(feedbackBody),
    defaultValues: { type: 'suggestion', content: '' },
  });
  const send = useMutation({
    mutationFn: (body: FeedbackBody) => api(inboxEndpoints.feedback, { body }),
    onSuccess: () => form.reset({ type: form.getValues('type'), content: '' }),
  });
  const refused = refusal(t, send.error, { shown: ['type', 'content'] });
  const length = form.watch('content').length;
  return (
    <form
      className="wallet-form feedback-form"
      noValidate
      onSubmit={(event) => {
        send.reset();
        void form.handleSubmit((body) => send.mutate(body as FeedbackBody))(event);
      }}
    >
      <p className="feedback-form__intro">{t('inbox.feedback.intro')}</p>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <label className="wallet-select" htmlFor={ids.type}>
            <span>{t('inbox.feedback.type')}</span>
            <select
              id={ids.type}
              ref={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              aria-invalid={refused.fields.type ? true : undefined}
            >
              {FEEDBACK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`inbox.feedback.types.${type}`)}
                </option>
              ))}
            </select>
            {refused.fields.type ? <span className="field__error">{refused.fields.type}</span> : null}
          </label>
        )}
      />
      <Controller
        control={form.control}
        name="content"
        render={({ field, fieldState }) => {
          const error =
            schemaText(t, fieldState.error, {
              value: field.value,
              length: t('inbox.feedback.length', { min: number(5), max: number(FEEDBACK_LIMITS.contentMax) }),
            }) ?? refused.fields.content;
          return (
            <div className={error ? 'field field--invalid' : 'field'}>
              <div className="field__label">
                <label htmlFor={ids.content}>{t('inbox.feedback.content')}</label>
                <span className="field__required" aria-hidden="true">
                  *
                </span>
              </div>
              <div className="field__frame feedback-form__frame">
                <textarea
                  id={ids.content}
                  ref={field.ref}
                  className="field__input feedback-form__text"
                  rows={6}
                  maxLength={FEEDBACK_LIMITS.contentMax}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  aria-required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${ids.content}-count${error ? ` ${ids.content}-error` : ''}`}
                />
              </div>
              <p id={`${ids.content}-count`} className="field__hint feedback-form__count">
                {t('inbox.feedback.count', {
                  count: number(length),
                  max: number(FEEDBACK_LIMITS.contentMax),
                })}
              </p>
              {error ? (
                <p id={`${ids.content}-error`} className="field__error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }}
      />
      {send.isError && refused.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
      {send.isSuccess ? <FormMessage tone="success">{t('inbox.feedback.sent')}</FormMessage> : null}
      <Button type="submit" variant="primary" size="lg" loading={send.isPending}>
        {t('inbox.feedback.send')}
      </Button>
    </form>
  );
}
