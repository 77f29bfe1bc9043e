import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsConsoleEndpoints as bo, playerProfileBody } from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import type { PlayerDetail } from './PlayerActions.tsx';

type Form = z.input<typeof playerProfileBody>;

/** An operator edits a member's e-mail, mobile number and payee name; the member is told in the inbox. */
export function ProfileEditDialog({ player, onClose }: { player: PlayerDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<Form, unknown, z.output<typeof playerProfileBody>>({
    resolver: zodResolver(playerProfileBody),
    defaultValues: {
      email: player.email,
      countryDialingCode: player.countryDialingCode || undefined,
      mobileNum: player.mobileNum || undefined,
      payeeName: player.payeeName,
    },
  });
  const save = useMutation({
    mutationFn: (body: z.output<typeof playerProfileBody>) =>
      call(bo.editProfile, { params: { id: player.id }, body }),
    onSuccess: (value) => {
      queryClient.setQueryData(['player', player.id], value);
      toast.show(t('players.profileSaved', { name: player.username }));
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const local = form.formState.errors;
  // An empty number field is no number: the edit leaves the number as it is.
  const optional = (value: unknown) => (value === '' ? undefined : value);
  return (
    <FormDialog
      title={t('players.editProfileTitle', { name: player.username })}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['email', 'countryDialingCode', 'mobileNum', 'payeeName']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="stack">
        <p className="subtle">{t('players.editProfileNote')}</p>
        <TextField
          label={t('players.email')}
          type="email"
          maxLength={200}
          error={local.email ? t('players.emailInvalid') : server.email}
          {...form.register('email')}
        />
        <div className="form-grid">
          <TextField
            label={t('players.dialingCode')}
            inputMode="numeric"
            maxLength={4}
            error={local.countryDialingCode ? t('players.dialingCodeInvalid') : server.countryDialingCode}
            {...form.register('countryDialingCode', { setValueAs: optional })}
          />
          <TextField
            label={t('players.mobile')}
            inputMode="numeric"
            maxLength={15}
            error={local.mobileNum ? t('players.mobileInvalid') : server.mobileNum}
            {...form.register('mobileNum', { setValueAs: optional })}
          />
        </div>
        <TextField
          label={t('players.payeeName')}
          maxLength={100}
          error={local.payeeName ? t('players.payeeNameInvalid') : server.payeeName}
          {...form.register('payeeName')}
        />
      </div>
    </FormDialog>
  );
}
