import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryConsoleEndpoints as api, lotteryResultImport, type ResponseOf } from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { type ConsoleLotteryDraw, drawName } from './lottery.ts';

/** The void call's body, as the contract has it. */
const voidBody = z.object({ reason: z.string().trim().min(3).max(200) });

/** Voids a draw without a result, with the reason; every ticket on it is refunded. */
export function VoidDrawDialog({ draw, onClose }: { draw: ConsoleLotteryDraw; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof voidBody>>({
    resolver: zodResolver(voidBody),
    defaultValues: { reason: '' },
  });
  const voiding = useMutation({
    mutationFn: (reason: string) => call(api.voidDraw, { params: { id: draw.id }, body: { reason } }),
    onSuccess: () => {
      toast.show(t('lotteryDraws.voided', { draw: drawName(draw) }), 'success');
      void queryClient.invalidateQueries({ queryKey: [api.draws.path] });
      onClose();
    },
  });
  const reasonError = form.formState.errors.reason
    ? t('lotteryDraws.reasonRequired')
    : fieldErrors(voiding.error).reason;
  return (
    <ActionDialog
      title={t('lotteryDraws.voidTitle', { draw: drawName(draw) })}
      message={t('lotteryDraws.voidMessage', { tickets: draw.tickets })}
      confirmLabel={t('lotteryDraws.void')}
      busy={voiding.isPending}
      error={voiding.error && !fieldErrors(voiding.error).reason ? voiding.error : null}
      onCancel={onClose}
      onConfirm={form.handleSubmit(({ reason }) => voiding.mutate(reason))}
    >
      <TextArea
        label={t('lotteryDraws.reason')}
        maxLength={200}
        rows={3}
        error={reasonError}
        {...form.register('reason')}
      />
    </ActionDialog>
  );
}

type ImportSource = 'file' | 'url';
type Imported = ResponseOf<typeof api.importResults>;
type ImportBody = z.output<typeof lotteryResultImport>;

/** A results file's list: `[{gameId, numero, result}]` or `{results: […]}`, as the server's feed reads them. */
function resultsOf(text: string): ImportBody['results'] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { results?: unknown } | null)?.results;
  const checked = lotteryResultImport.safeParse({ results: list });
  return checked.success ? (checked.data.results ?? null) : null;
}

/**
 * Official results from a JSON file (read here and sent as the list) or from an address the server fetches. Each
 * imported result is the importing operator's entry: a different operator still confirms it on its draw.
 */
export function ImportResultsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSource>('file');
  const [file, setFile] = useState<{ name: string; results: ImportBody['results'] | null } | null>(null);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useMutation({
    mutationFn: (body: ImportBody) => call(api.importResults, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [api.draws.path] }),
  });
  const done: Imported | undefined = importing.data;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    importing.reset();
    setProblem(null);
    setFile(chosen ? { name: chosen.name, results: resultsOf(await chosen.text()) } : null);
  };
  const submit = () => {
    setProblem(null);
    if (source === 'file') {
      if (!file?.results)
        return setProblem(t(file ? 'lotteryDraws.fileInvalid' : 'lotteryDraws.fileRequired'));
      importing.mutate({ results: file.results });
    } else {
      const checked = lotteryResultImport.shape.url.safeParse(url);
      if (!checked.success || !checked.data) return setProblem(t('lotteryDraws.urlInvalid'));
      importing.mutate({ url: checked.data });
    }
  };
  const urlError = problem && source === 'url' ? problem : fieldErrors(importing.error).url;
  return (
    <Modal
      open
      size="md"
      title={t('lotteryDraws.importTitle')}
      description={t('lotteryDraws.importDescription')}
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="submit" variant="primary" loading={importing.isPending}>
            {t('lotteryDraws.import')}
          </Button>
        </>
      }
    >
      <div className="stack">
        <FormError error={importing.error} shownFields={['url']} />
        {done ? (
          <Alert
            tone={done.skipped.length > 0 ? 'warning' : 'success'}
            title={t('lotteryDraws.imported', { count: done.imported })}
          >
            {done.imported > 0 ? <p>{t('lotteryDraws.importedHint')}</p> : null}
            {done.skipped.length > 0 ? (
              <>
                <p>{t('lotteryDraws.skipped', { count: done.skipped.length })}</p>
                <p className="mono">{done.skipped.join(', ')}</p>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Tabs
          label={t('lotteryDraws.importSource')}
          selected={source}
          onSelect={(next) => {
            setSource(next);
            setProblem(null);
          }}
          tabs={[
            {
              key: 'file',
              label: t('lotteryDraws.fromFile'),
              panel: (
                <TextField
                  label={t('lotteryDraws.file')}
                  hint={
                    file?.results
                      ? t('lotteryDraws.fileRead', { name: file.name, count: file.results.length })
                      : t('lotteryDraws.fileHint')
                  }
                  type="file"
                  accept=".json,application/json"
                  error={source === 'file' ? (problem ?? undefined) : undefined}
                  onChange={(event) => void readFile(event)}
                />
              ),
            },
            {
              key: 'url',
              label: t('lotteryDraws.fromUrl'),
              panel: (
                <TextField
                  label={t('lotteryDraws.url')}
                  hint={t('lotteryDraws.urlHint')}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={500}
                  value={url}
                  error={urlError}
                  onChange={(event) => setUrl(event.target.value)}
                />
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
