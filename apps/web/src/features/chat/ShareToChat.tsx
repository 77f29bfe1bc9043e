import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { chatShareBody } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { chatEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { Checkbox, FormMessage } from '../../ui/Field.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { chatRoomsQuery } from './queries.ts';

type ShareForm = z.input<typeof chatShareBody>;

/**
 * "Share to chat" on a ticket of My bets (sportsbook or lottery): the member picks a room they may enter and whether
 * the card shows the stake (hidden unless ticked); the server reads the ticket itself by its number.
 */
export function ShareToChat({ product, ticketNo }: { product: 'sportsbook' | 'lottery'; ticketNo: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const rooms = useQuery({ ...chatRoomsQuery(token), enabled: open && token !== null });
  const form = useForm<ShareForm, unknown, z.output<typeof chatShareBody>>({
    resolver: zodResolver(chatShareBody),
    defaultValues: { product, ticketNo, showStake: false },
  });
  const share = useMutation({
    mutationFn: ({ roomId, body }: { roomId: number; body: z.output<typeof chatShareBody> }) =>
      api(chatEndpoints.share, { params: { id: roomId }, body }),
  });
  const list = rooms.data ?? [];
  // The room: the one chosen, else the first the member may enter.
  const [chosen, setChosen] = useState<number | null>(null);
  const roomId = chosen ?? list[0]?.roomId ?? 0;
  const sharedIn = share.isSuccess ? list.find((room) => room.roomId === share.data.roomId)?.name : undefined;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('chat.bet.shareTicket', { ticketNo })}
        onClick={() => {
          share.reset();
          setOpen(true);
        }}
      >
        {t('chat.bet.share')}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('chat.bet.shareTitle')} width={420}>
        <form
          className="chat-dialog"
          onSubmit={form.handleSubmit((body) => share.mutate({ roomId, body }))}
          noValidate
        >
          {rooms.isSuccess && list.length === 0 ? <p>{t('chat.bet.noRoom')}</p> : null}
          {list.length > 0 ? (
            <label className="wallet-select">
              <span>{t('chat.bet.room')}</span>
              <select value={String(roomId)} onChange={(event) => setChosen(Number(event.target.value))}>
                {list.map((room) => (
                  <option key={room.roomId} value={room.roomId}>
                    {room.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Controller
            control={form.control}
            name="showStake"
            render={({ field }) => (
              <Checkbox
                label={t('chat.bet.showStake')}
                checked={field.value === true}
                onChange={field.onChange}
              />
            )}
          />
          {share.isError ? <FormMessage tone="error">{errorText(t, share.error)}</FormMessage> : null}
          {sharedIn !== undefined ? (
            <FormMessage tone="success">{t('chat.bet.shared', { room: sharedIn })}</FormMessage>
          ) : null}
          <Button type="submit" loading={share.isPending} disabled={roomId === 0 || share.isPending}>
            {t('chat.bet.share')}
          </Button>
        </form>
      </Modal>
    </>
  );
}
