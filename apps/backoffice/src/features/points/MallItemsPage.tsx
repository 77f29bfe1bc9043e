import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pointsConsoleEndpoints as api,
  type ConsoleMallItem,
  contentConsoleEndpoints,
  IMAGE_UPLOAD,
  MALL_ITEM_KINDS,
  type MallItemBody,
  mallItemBody,
  SUPPORTED_LANGUAGES,
} from '@tessera/contract';
import { type ChangeEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useBillMoney } from '../agents/bills.tsx';
import './points.css';

const ITEMS_KEY = [api.items.path];
type Language = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * The contract's item with the form's blanks read: an empty stock or limit is none, a language without a name is
 * left out (English is required), and the fields of another kind (hidden) are none.
 */
const formSchema = z.preprocess((value) => {
  const form = value as Record<string, unknown> & { texts: Record<string, { name: string }> };
  const blank = (field: unknown) => (field === '' || field === undefined ? null : field);
  return {
    ...form,
    stock: blank(form.stock),
    perMemberLimit: blank(form.perMemberLimit),
    bonus: form.kind === 'bonus' ? form.bonus : 0,
    tickets: form.kind === 'ticket' ? form.tickets : 0,
    texts: Object.fromEntries(
      Object.entries(form.texts).filter(([language, text]) => language === 'EN' || text.name.trim() !== ''),
    ),
  };
}, mallItemBody) as unknown as z.ZodType<MallItemBody, Form>;

type Form = {
  kind: MallItemBody['kind'];
  texts: Record<Language, { name: string; description: string }>;
  images: Partial<Record<Language, string>>;
  points: string | number;
  cash: string | number;
  bonus: string | number;
  turnoverMultiple: string | number;
  tickets: string | number;
  stock: string | number;
  perMemberLimit: string | number;
  active: boolean;
  sort: string | number;
};

const blankText = { name: '', description: '' };

function defaults(item: ConsoleMallItem | null): Form {
  return {
    kind: item?.kind ?? 'bonus',
    texts: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, { ...blankText, ...(item?.texts[language] ?? {}) }]),
    ) as Form['texts'],
    images: { ...(item?.images ?? {}) },
    points: item?.points ?? '',
    cash: item?.cash ?? 0,
    bonus: item?.bonus ?? 0,
    turnoverMultiple: item?.turnoverMultiple ?? 1,
    tickets: item?.tickets || 1,
    stock: item?.stock ?? '',
    perMemberLimit: item?.perMemberLimit ?? '',
    active: item?.active ?? true,
    sort: item?.sort ?? 0,
  };
}

/**
 * The points mall's catalogue (operations edit, support reads): each item's kind (a bonus credited at once, prize
 * tickets granted at once, or a physical item the operator ships), its name, description and image per language,
 * its price in points and an optional cash part, stock and per-member limit. Audited.
 */
export function MallItemsPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.createItem);
  const items = useQuery({ queryKey: ITEMS_KEY, queryFn: ({ signal }) => call(api.items, { signal }) });
  const [editing, setEditing] = useState<{ item: ConsoleMallItem | null } | null>(null);
  const money = useBillMoney(items.data?.digits);
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <PageHeader
        title={t('nav.mallItems')}
        description={t('mallItems.description')}
        actions={
          editable ? (
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setEditing({ item: null })}>
              {t('mallItems.new')}
            </Button>
          ) : null
        }
      />
      <QueryView query={items}>
        {(data) => (
          <Card>
            <Table
              caption={t('nav.mallItems')}
              rows={data.list}
              rowKey={(item) => item.id}
              empty={<p>{t('mallItems.empty')}</p>}
              columns={[
                {
                  key: 'name',
                  header: t('mallItems.name'),
                  render: (item) => (
                    <>
                      <span className="cell-strong">{item.texts.EN?.name}</span>
                      <span className="cell-below">{t(`mallItems.kinds.${item.kind}`)}</span>
                    </>
                  ),
                },
                {
                  key: 'price',
                  header: t('mallItems.price'),
                  className: 'num',
                  render: (item) =>
                    `${t('mallItems.pointsValue', { points: count.format(item.points) })}${item.cash > 0 ? ` + ${money(item.cash)} ${data.currency}` : ''}`,
                },
                {
                  key: 'bonus',
                  header: t('mallItems.reward'),
                  className: 'num',
                  render: (item) =>
                    item.kind === 'bonus'
                      ? `${money(item.bonus)} ${data.currency} · ${t('mallItems.multiple', { multiple: item.turnoverMultiple })}`
                      : item.kind === 'ticket'
                        ? t('mallItems.ticketsValue', {
                            count: item.tickets,
                            value: count.format(item.tickets),
                          })
                        : '',
                },
                {
                  key: 'stock',
                  header: t('mallItems.stock'),
                  className: 'num',
                  render: (item) =>
                    item.stock === null ? t('mallItems.unlimited') : count.format(item.stock),
                },
                {
                  key: 'limit',
                  header: t('mallItems.perMemberLimit'),
                  className: 'num',
                  render: (item) =>
                    item.perMemberLimit === null
                      ? t('mallItems.unlimited')
                      : count.format(item.perMemberLimit),
                },
                {
                  key: 'redeemed',
                  header: t('mallItems.redeemed'),
                  className: 'num',
                  render: (item) => item.redeemed,
                },
                {
                  key: 'active',
                  header: t('common.status'),
                  render: (item) => (item.active ? t('mallItems.active') : t('mallItems.inactive')),
                },
                ...(editable
                  ? [
                      actionsColumn<ConsoleMallItem>(t('common.actions'), (item) => (
                        <RowButton
                          icon="edit"
                          aria-label={t('mallItems.editNamed', { name: item.texts.EN?.name ?? '' })}
                          onClick={() => setEditing({ item })}
                        >
                          {t('common.edit')}
                        </RowButton>
                      )),
                    ]
                  : []),
              ]}
            />
          </Card>
        )}
      </QueryView>
      {editing ? <ItemDialog item={editing.item} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function ItemDialog({ item, onClose }: { item: ConsoleMallItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Partial<Record<Language, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<Language, string>>>({});
  const form = useForm<Form, unknown, MallItemBody>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(item),
  });
  const save = useMutation({
    mutationFn: async (body: MallItemBody) => {
      const images = { ...body.images };
      for (const language of SUPPORTED_LANGUAGES) {
        const file = files[language];
        if (!file) continue;
        const upload = new FormData();
        upload.append('file', file);
        images[language] = (await call(contentConsoleEndpoints.uploadImage, { body: upload })).imageId;
      }
      const full = { ...body, images };
      return item
        ? call(api.updateItem, { params: { id: item.id }, body: full })
        : call(api.createItem, { body: full });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      toast.show(t('mallItems.saved'));
      onClose();
    },
  });
  const choose = (language: Language) => (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = !chosen
      ? undefined
      : !(IMAGE_UPLOAD.types as readonly string[]).includes(chosen.type)
        ? t('banners.imageType')
        : chosen.size > IMAGE_UPLOAD.maxBytes
          ? t('banners.imageSize', { max: Math.round(IMAGE_UPLOAD.maxBytes / 1024 / 1024) })
          : undefined;
    if (problem) event.target.value = '';
    setFileErrors((before) => ({ ...before, [language]: problem }));
    setFiles((before) => {
      const next = { ...before };
      if (chosen && !problem) next[language] = chosen;
      else delete next[language];
      return next;
    });
  };
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const invalid = t('pointsSettings.invalid');
  const kind = form.watch('kind');
  return (
    <FormDialog
      title={item ? t('mallItems.editTitle') : t('mallItems.new')}
      size="lg"
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[
        'kind',
        'points',
        'cash',
        'bonus',
        'turnoverMultiple',
        'tickets',
        'stock',
        'perMemberLimit',
        'sort',
      ]}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <Select
          label={t('mallItems.kind')}
          options={MALL_ITEM_KINDS.map((value) => ({ value, label: t(`mallItems.kinds.${value}`) }))}
          {...form.register('kind')}
        />
        <TextField
          label={t('mallItems.points')}
          inputMode="numeric"
          error={errors.points ? invalid : server.points}
          {...form.register('points')}
        />
        <TextField
          label={t('mallItems.cash')}
          inputMode="decimal"
          hint={t('mallItems.cashHint')}
          error={errors.cash ? invalid : server.cash}
          {...form.register('cash')}
        />
        {kind === 'bonus' ? (
          <>
            <TextField
              label={t('mallItems.bonus')}
              inputMode="decimal"
              error={errors.bonus ? invalid : server.bonus}
              {...form.register('bonus')}
            />
            <TextField
              label={t('mallItems.turnoverMultiple')}
              inputMode="numeric"
              error={errors.turnoverMultiple ? invalid : server.turnoverMultiple}
              {...form.register('turnoverMultiple')}
            />
          </>
        ) : null}
        {kind === 'ticket' ? (
          <TextField
            label={t('mallItems.tickets')}
            inputMode="numeric"
            error={errors.tickets ? invalid : server.tickets}
            {...form.register('tickets')}
          />
        ) : null}
        <TextField
          label={t('mallItems.stock')}
          inputMode="numeric"
          hint={t('mallItems.blankUnlimited')}
          error={errors.stock ? invalid : server.stock}
          {...form.register('stock')}
        />
        <TextField
          label={t('mallItems.perMemberLimit')}
          inputMode="numeric"
          hint={t('mallItems.blankUnlimited')}
          error={errors.perMemberLimit ? invalid : server.perMemberLimit}
          {...form.register('perMemberLimit')}
        />
        <TextField
          label={t('mallItems.sort')}
          inputMode="numeric"
          error={errors.sort ? invalid : server.sort}
          {...form.register('sort')}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Checkbox label={t('mallItems.active')} checked={field.value} onChange={field.onChange} />
          )}
        />
      </div>
      {SUPPORTED_LANGUAGES.map((language) => (
        <fieldset key={language} className="stack points-language">
          <legend className="cell-strong">{t(`mallItems.languages.${language}`)}</legend>
          <div className="form-grid">
            <TextField
              label={t('mallItems.name')}
              maxLength={80}
              required={language === 'EN'}
              error={
                errors.texts?.[language]?.name || (language === 'EN' && errors.texts) ? invalid : undefined
              }
              {...form.register(`texts.${language}.name`)}
            />
            <TextField
              label={t('mallItems.image')}
              type="file"
              accept={IMAGE_UPLOAD.types.join(',')}
              onChange={choose(language)}
              error={fileErrors[language] ?? server[`images.${language}`]}
              hint={item?.images[language] ? t('mallItems.imageKept') : undefined}
            />
            <TextField
              label={t('mallItems.itemDescription')}
              maxLength={2000}
              fieldClassName="span-2"
              {...form.register(`texts.${language}.description`)}
            />
          </div>
        </fieldset>
      ))}
    </FormDialog>
  );
}
