import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryConsoleEndpoints as api } from '@tessera/contract';
import { type PrizeRow, SHAPES, type ShapeCode } from '@tessera/lottery';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { type ConsoleLotteryDraw, drawName, useMoney } from './lottery.ts';

type Result = Record<string, string[]>;

/** What a result of the shape must be: each prize row its count of numbers, each of its digits. */
function resultSchema(shape: ShapeCode) {
  return z.object(
    Object.fromEntries(
      SHAPES[shape].rows.map(({ prize, count, digits }) => [
        prize,
        z
          .array(
            z
              .string()
              .trim()
              .regex(new RegExp(`^[0-9]{${digits}}$`)),
          )
          .length(count),
      ]),
    ),
  );
}

const emptyResult = (shape: ShapeCode): Result =>
  Object.fromEntries(SHAPES[shape].rows.map(({ prize, count }) => [prize, Array(count).fill('')]));

function usePrizeLabel() {
  const { t } = useTranslation();
  return (row: PrizeRow, index: number) =>
    row.count === 1
      ? t(`lottery.prizes.${row.prize}`)
      : t('lotteryDraws.numberOf', { prize: t(`lottery.prizes.${row.prize}`), index: index + 1 });
}

/**
 * An official result typed in, laid out as the shape's prize table: by the first operator (enter), or again by a
 * different one (confirm). The confirmation starts empty: the second operator reads the result from the official
 * source, not from the entry, so that a mistake in either shows as a mismatch.
 */
export function ResultEntryDialog({
  draw,
  mode,
  onClose,
}: {
  draw: ConsoleLotteryDraw;
  mode: 'enter' | 'confirm';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const prizeLabel = usePrizeLabel();
  const rows = SHAPES[draw.shape].rows;
  const formId = useId();
  const top = useRef<HTMLDivElement>(null);
  const [line, setLine] = useState('');
  const [lineMessage, setLineMessage] = useState<string | null>(null);
  const schema = useMemo(() => resultSchema(draw.shape), [draw.shape]);
  const form = useForm<Result>({ resolver: zodResolver(schema), defaultValues: emptyResult(draw.shape) });
  const submit = useMutation({
    mutationFn: (result: Result) =>
      call(mode === 'enter' ? api.enterResult : api.confirmResult, {
        params: { id: draw.id },
        body: { result },
      }),
    onSuccess: () => {
      toast.show(t(`lotteryDraws.${mode}ed`, { draw: drawName(draw) }), 'success');
      void queryClient.invalidateQueries({ queryKey: [api.draws.path] });
      onClose();
    },
  });
  // The numbers of a line pasted from the official table, in its printed order, fill the fields in that order.
  const fill = () => {
    const numbers = line.match(/[0-9]+/g) ?? [];
    let next = 0;
    for (const row of rows) {
      for (let index = 0; index < row.count; index++) {
        form.setValue(`${row.prize}.${index}`, numbers[next++] ?? '', {
          shouldValidate: form.formState.isSubmitted,
        });
      }
    }
    setLineMessage(
      numbers.length === SHAPES[draw.shape].numbers
        ? null
        : t('lotteryDraws.pasteCount', { found: numbers.length, expected: SHAPES[draw.shape].numbers }),
    );
  };
  // A refusal shows above the form: bring it into view from the Save button at the bottom of a long table.
  useEffect(() => {
    if (submit.error) top.current?.closest('.modal__body')?.scrollTo({ top: 0 });
  }, [submit.error]);
  const errors = form.formState.errors;
  return (
    <FormDialog
      size="lg"
      title={t(`lotteryDraws.${mode}Title`, { game: draw.gameName, numero: draw.numero })}
      saveLabel={t(`lotteryDraws.${mode}Save`)}
      saving={submit.isPending}
      error={submit.error}
      shownFields={[]}
      onClose={onClose}
      onSubmit={form.handleSubmit((result) => submit.mutate(result))}
    >
      <div ref={top} className="stack">
        {mode === 'confirm' ? (
          <Alert tone="info" title={t('lotteryDraws.enteredByName', { name: draw.enteredBy ?? '—' })}>
            {t('lotteryDraws.confirmHint')}
          </Alert>
        ) : (
          <p className="field-hint">{t('lotteryDraws.enterHint')}</p>
        )}
        <div className="lottery-paste">
          <TextArea
            label={t('lotteryDraws.paste')}
            hint={t('lotteryDraws.pasteHint', { count: SHAPES[draw.shape].numbers })}
            rows={2}
            className="mono"
            fieldClassName="lottery-paste-field"
            value={line}
            error={lineMessage ?? undefined}
            onChange={(event) => setLine(event.target.value)}
          />
          <Button onClick={fill} disabled={!line.trim()}>
            {t('lotteryDraws.fill')}
          </Button>
        </div>
        <div className="lottery-result-form">
          {rows.map((row) => (
            <fieldset
              key={row.prize}
              aria-labelledby={`${formId}-${row.prize}`}
              className="lottery-prize-row"
            >
              <p id={`${formId}-${row.prize}`} className="lottery-prize-name">
                {t(`lottery.prizes.${row.prize}`)}
                <span className="lottery-prize-digits">
                  {t('lotteryDraws.digits', { digits: row.digits })}
                </span>
              </p>
              <div className="lottery-prize-numbers">
                {Array.from({ length: row.count }, (_, index) => (
                  <TextField
                    // biome-ignore lint/suspicious/noArrayIndexKey: a prize row's places are fixed.
                    key={index}
                    label={prizeLabel(row, index)}
                    hideLabel
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={row.digits}
                    className={`mono lottery-number lottery-number-${row.digits}`}
                    error={
                      errors[row.prize]?.[index]
                        ? t('lotteryDraws.digitsError', { digits: row.digits })
                        : undefined
                    }
                    {...form.register(`${row.prize}.${index}`)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      </div>
    </FormDialog>
  );
}

/** A drawn draw's numbers, prize row by prize row, with its proof (an rng draw's seed) and its report. */
export function ResultViewDialog({ draw, onClose }: { draw: ConsoleLotteryDraw; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const result = draw.result ?? {};
  return (
    <Modal
      open
      size="lg"
      title={t('lotteryDraws.resultTitle', { game: draw.gameName, numero: draw.numero })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="stack-lg">
        <div className="table-wrap">
          <table className="table lottery-result-table">
            <caption className="sr-only">{t('lotteryDraws.result')}</caption>
            <tbody>
              {SHAPES[draw.shape].rows.map((row) => (
                <tr key={row.prize}>
                  <th scope="row">{t(`lottery.prizes.${row.prize}`)}</th>
                  <td className="mono lottery-result-numbers">{(result[row.prize] ?? []).join('  ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DetailList
          items={[
            { label: t('lotteryDraws.tickets'), value: String(draw.tickets) },
            { label: t('lotteryDraws.stake'), value: money.format(draw.stake) },
            { label: t('lotteryDraws.payout'), value: money.format(draw.payout) },
            {
              label: t('lotteryDraws.houseResult'),
              value: (
                <span className={draw.houseResult < 0 ? 'lottery-loss' : undefined}>
                  {money.format(draw.houseResult)}
                </span>
              ),
            },
            ...(draw.source === 'official'
              ? [
                  { label: t('lotteryDraws.enteredBy'), value: draw.enteredBy },
                  { label: t('lotteryDraws.confirmedBy'), value: draw.confirmedBy },
                ]
              : [
                  { label: t('lotteryDraws.seedHash'), value: draw.seedHash, mono: true },
                  { label: t('lotteryDraws.seed'), value: draw.seed, mono: true },
                ]),
          ]}
        />
      </div>
    </Modal>
  );
}
