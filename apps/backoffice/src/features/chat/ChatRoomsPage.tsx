import { chatConsoleEndpoints, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import { enabledColumn, sortColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { SortField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';

/** The chat rooms as a crud list: the console creates and edits them, never deletes (their messages stay). */
const rooms = {
  list: chatConsoleEndpoints.rooms,
  create: chatConsoleEndpoints.createRoom,
  update: chatConsoleEndpoints.updateRoom,
};
type Room = ResponseOf<typeof chatConsoleEndpoints.rooms>[number];

export function ChatRoomsPage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const columns: Column<Room>[] = [
    { key: 'name', header: t('chatRooms.name'), render: (room) => room.name },
    {
      key: 'rules',
      header: t('chatRooms.rules'),
      render: (room) =>
        [
          room.minClubRank > 0 ? t('chatRooms.ruleVip', { level: room.minClubRank }) : null,
          room.depositWithinDays ? t('chatRooms.ruleDeposit', { count: room.depositWithinDays }) : null,
          room.label ? t('chatRooms.ruleLabel', { label: room.label }) : null,
        ]
          .filter(Boolean)
          .join(' · ') || t('chatRooms.everyone'),
    },
    {
      key: 'slowMode',
      header: t('chatRooms.slowMode'),
      className: 'num',
      render: (room) =>
        room.slowModeSeconds ? t('chatRooms.seconds', { count: room.slowModeSeconds }) : '—',
    },
    {
      key: 'members',
      header: t('chatRooms.members'),
      className: 'num',
      render: (room) => number.format(room.members),
    },
    {
      key: 'messages',
      header: t('chatRooms.messages'),
      className: 'num',
      render: (room) => number.format(room.messages),
    },
    sortColumn(t),
    enabledColumn(t),
  ];
  return (
    <CrudPage
      endpoints={rooms}
      queryKey="chat-rooms"
      title={t('nav.chatRooms')}
      description={t('chatRooms.description')}
      newLabel={t('chatRooms.new')}
      columns={columns}
      order={(a, b) => a.sort - b.sort || a.id - b.id}
      empty={
        <EmptyState icon="message" title={t('chatRooms.empty')} description={t('chatRooms.emptyHint')} />
      }
      name={(room) => room.name}
      savedMessage={(saved) => t('chatRooms.saved', { name: saved.name })}
      editor={(editor) => <RoomDialog {...editor} />}
    />
  );
}

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

function RoomDialog({ row: room, saving, error, onClose, onSave }: Editor<typeof rooms>) {
  const { t } = useTranslation();
  const [name, setName] = useState(room?.name ?? '');
  const [description, setDescription] = useState(room?.description ?? '');
  const [notice, setNotice] = useState(room?.notice ?? '');
  const [minClubRank, setMinClubRank] = useState(String(room?.minClubRank ?? 0));
  const [depositWithinDays, setDepositWithinDays] = useState(String(room?.depositWithinDays ?? ''));
  const [label, setLabel] = useState(room?.label ?? '');
  const [slowModeSeconds, setSlowModeSeconds] = useState(String(room?.slowModeSeconds ?? 0));
  const [enabled, setEnabled] = useState(room?.enabled ?? true);
  const [sort, setSort] = useState(String(room?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <FormDialog
      title={room ? t('chatRooms.editTitle') : t('chatRooms.newTitle')}
      saveLabel={t('chatRooms.save')}
      saving={saving}
      error={error}
      shownFields={[
        'name',
        'description',
        'notice',
        'minClubRank',
        'depositWithinDays',
        'label',
        'slowModeSeconds',
        'sort',
      ]}
      onClose={onClose}
      onSubmit={() =>
        onSave({
          name,
          description,
          notice: notice.trim() === '' ? null : notice,
          minClubRank: Number(minClubRank || 0),
          depositWithinDays: optionalNumber(depositWithinDays),
          label: label.trim() === '' ? null : label,
          slowModeSeconds: Number(slowModeSeconds || 0),
          enabled,
          sort: toSort(sort),
        })
      }
    >
      <div className="form-grid">
        <TextField
          label={t('chatRooms.name')}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label={t('chatRooms.descriptionField')}
          value={description}
          maxLength={300}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <TextArea
          label={t('chatRooms.notice')}
          hint={t('chatRooms.noticeHint')}
          value={notice}
          rows={2}
          maxLength={500}
          onChange={(e) => setNotice(e.target.value)}
          error={errors.notice}
          fieldClassName="span-2"
        />
        <TextField
          label={t('chatRooms.minClubRank')}
          type="number"
          min={0}
          max={99}
          value={minClubRank}
          onChange={(e) => setMinClubRank(e.target.value)}
          error={errors.minClubRank}
        />
        <TextField
          label={t('chatRooms.depositWithinDays')}
          hint={t('chatRooms.depositWithinDaysHint')}
          type="number"
          min={1}
          max={365}
          value={depositWithinDays}
          onChange={(e) => setDepositWithinDays(e.target.value)}
          error={errors.depositWithinDays}
        />
        <TextField
          label={t('chatRooms.label')}
          hint={t('chatRooms.labelHint')}
          value={label}
          maxLength={60}
          onChange={(e) => setLabel(e.target.value)}
          error={errors.label}
        />
        <TextField
          label={t('chatRooms.slowModeField')}
          type="number"
          min={0}
          max={3600}
          value={slowModeSeconds}
          onChange={(e) => setSlowModeSeconds(e.target.value)}
          error={errors.slowModeSeconds}
        />
        <SortField value={sort} onChange={setSort} error={errors.sort} />
      </div>
      <Switch label={t('chatRooms.enabled')} checked={enabled} onChange={setEnabled} />
    </FormDialog>
  );
}
