import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  sportsbookConsoleEndpoints as api,
  type ConsoleSportsbookEventDetail,
  type SportsbookResult,
  sportsbookResult,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { eventName, useEventChanged } from './sportsbook.ts';

type ResultForm = z.input<typeof sportsbookResult>;
const MAX_MAPS = 5;

/**
 * A result under the two-person rule: one operator enters it, a different one confirms it by typing it again (the
 * confirmation starts empty, so that a mistake in either shows as a mismatch). Football takes the full-time and
 * half-time scores; esports the winner of each map, whose count is the series score.
 */
export function ResultDialog({
  event,
  mode,
  onClose,
}: {
  event: ConsoleSportsbookEventDetail;
  mode: 'enter' | 'confirm';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const changed = useEventChanged(event.id);
  const esports = event.kind === 'esports';
  const [maps, setMaps] = useState<('home' | 'away' | '')[]>(['', '', '']);
  const form = useForm<ResultForm, unknown, SportsbookResult>({
    resolver: zodResolver(sportsbookResult),
    defaultValues: esports
      ? { ft: { home: 0, away: 0 } }
      : ({ ft: { home: '', away: '' }, h1: { home: '', away: '' } } as unknown as ResultForm),
  });
  const submit = useMutation({
    mutationFn: (result: SportsbookResult) =>
      call(mode === 'enter' ? api.enterResult : api.confirmResult, {
        params: { id: event.id },
        body: { result },
      }),
    onSuccess: (next) => {
      changed(next);
      toast.show(
        t(mode === 'enter' ? 'sportsbook.resultEntered' : 'sportsbook.resultConfirmed', {
          event: eventName(event),
        }),
        'success',
      );
      onClose();
    },
  });
  const played = maps.filter((map) => map !== '');
  const mapsResult = (): SportsbookResult => {
    const perMap = played.map((map) => (map === 'home' ? { home: 1, away: 0 } : { home: 0, away: 1 }));
    return {
      ft: perMap.reduce((sum, map) => ({ home: sum.home + map.home, away: sum.away + map.away }), {
        home: 0,
        away: 0,
      }),
      maps: perMap,
    };
  };
  const server = fieldErrors(submit.error);
  const errors = form.formState.errors;
  const scoreField = (period: 'ft' | 'h1', side: 'home' | 'away') => (
    <TextField
      label={t(`sportsbook.resultFields.${period}.${side}`, {
        team: side === 'home' ? event.home : event.away,
      })}
      inputMode="numeric"
      autoComplete="off"
      maxLength={3}
      className="mono"
      error={errors[period]?.[side] ? t('sportsbook.goalsError') : undefined}
      {...form.register(`${period}.${side}`)}
    />
  );
  return (
    <FormDialog
      title={t(`sportsbook.${mode}ResultTitle`, { event: eventName(event) })}
      saveLabel={t(mode === 'enter' ? 'sportsbook.enterResult' : 'sportsbook.confirmResult')}
      saving={submit.isPending}
      error={submit.error}
      shownFields={esports ? [] : ['ft', 'h1']}
      onClose={onClose}
      onSubmit={
        esports ? () => submit.mutate(mapsResult()) : form.handleSubmit((result) => submit.mutate(result))
      }
    >
      <div className="stack">
        {mode === 'confirm' ? (
          <Alert tone="info" title={t('sportsbook.enteredByName', { name: event.enteredBy ?? '—' })}>
            {t('sportsbook.confirmHint')}
          </Alert>
        ) : (
          <p className="field-hint">{t('sportsbook.enterHint')}</p>
        )}
        {esports ? (
          <fieldset className="sbc-maps">
            <legend className="field-label">{t('sportsbook.mapWinners')}</legend>
            {server.maps ? <p className="field-error">{t('sportsbook.mapsError')}</p> : null}
            <div className="form-grid">
              {maps.map((winner, index) => (
                <Select
                  // biome-ignore lint/suspicious/noArrayIndexKey: a series' maps are in order
                  key={index}
                  label={t('sportsbook.mapN', { map: index + 1 })}
                  value={winner}
                  onChange={(change) =>
                    setMaps((current) =>
                      current.map((value, at) =>
                        at === index ? (change.target.value as 'home' | 'away' | '') : value,
                      ),
                    )
                  }
                  options={[
                    { value: '', label: t('sportsbook.notPlayed') },
                    { value: 'home', label: event.home },
                    { value: 'away', label: event.away },
                  ]}
                />
              ))}
            </div>
            {maps.length < MAX_MAPS ? (
              <Button
                size="sm"
                icon={<Icon name="plus" />}
                onClick={() => setMaps((current) => [...current, ''])}
              >
                {t('sportsbook.addMap')}
              </Button>
            ) : null}
            <p className="field-hint">
              {t('sportsbook.seriesScore', { home: mapsResult().ft.home, away: mapsResult().ft.away })}
            </p>
          </fieldset>
        ) : (
          <div className="form-grid">
            {scoreField('ft', 'home')}
            {scoreField('ft', 'away')}
            {scoreField('h1', 'home')}
            {scoreField('h1', 'away')}
          </div>
        )}
      </div>
    </FormDialog>
  );
}
