import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  vipConsoleEndpoints as api,
  type EngagementSettingsBody,
  engagementSettingsBody,
  GAME_TYPES,
  type VipLevelBody,
  type VipLevelView,
  vipLevelBody,
} from '@tessera/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { DeleteDialog, FormDialog } from '../../app/dialogs.tsx';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { SaveButton, useSettings, useSettingsSave } from '../../app/settings.tsx';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import './vip.css';

const LEVELS_KEY = [api.levels.path];
type LevelForm = z.input<typeof vipLevelBody>;
const LEVEL_FIELDS = [
  'growth',
  'keepGrowth',
  'levelUpBonus',
  'weeklyReward',
  'weeklyMinValidBet',
  'monthlyReward',
  'monthlyMinValidBet',
  'turnoverMultiple',
] as const;

/**
 * VIP levels (operations edit, support reads): each level's growth threshold, what keeps it at the monthly review,
 * its level-up bonus and its weekly and monthly rewards; below, how growth is counted and the referral rules.
 */
export function VipLevelsPage() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const money = useMoney();
  const editable = mayCall(operator?.role, api.putLevel);
  const levels = useQuery({ queryKey: LEVELS_KEY, queryFn: ({ signal }) => call(api.levels, { signal }) });
  const settings = useSettings(api.settings);
  const [editing, setEditing] = useState<{ rank: number; level: VipLevelView | null } | null>(null);
  const [removing, setRemoving] = useState<VipLevelView | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (rank: number) => call(api.removeLevel, { params: { rank } }),
    onSuccess: () => {
      setRemoving(null);
      toast.show(t('vip.levelRemoved'));
      void queryClient.invalidateQueries({ queryKey: LEVELS_KEY });
    },
  });
  const number = new Intl.NumberFormat();
  const list = levels.data?.list ?? [];
  const top = list[list.length - 1];
  return (
    <>
      <PageHeader
        title={t('nav.vipLevels')}
        description={t('vip.description')}
        actions={
          editable ? (
            <Button
              variant="primary"
              icon={<Icon name="plus" />}
              onClick={() => setEditing({ rank: (top?.rank ?? -1) + 1, level: null })}
            >
              {t('vip.newLevel')}
            </Button>
          ) : null
        }
      />
      <div className="stack-lg">
        <Card title={t('vip.levelsTitle')}>
          <QueryView query={levels}>
            {(data) => (
              <Table
                caption={t('vip.levelsTitle')}
                rows={data.list}
                rowKey={(level) => level.rank}
                columns={[
                  {
                    key: 'level',
                    header: t('vip.level'),
                    render: (level) => (
                      <>
                        <span className="cell-strong">{level.name}</span>
                        <span className="cell-below">{t('vip.rank', { rank: level.rank })}</span>
                      </>
                    ),
                  },
                  {
                    key: 'growth',
                    header: t('vip.fields.growth'),
                    className: 'num',
                    render: (level) => (
                      <>
                        {number.format(level.growth)}
                        <span className="cell-below">
                          {t('vip.keep', { growth: number.format(level.keepGrowth) })}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'bonus',
                    header: t('vip.fields.levelUpBonus'),
                    className: 'num',
                    render: (level) => (
                      <>
                        {money.format(level.levelUpBonus)}
                        <span className="cell-below">
                          {t('vip.turnover', { multiple: level.turnoverMultiple })}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'weekly',
                    header: t('vip.fields.weeklyReward'),
                    className: 'num',
                    render: (level) => (
                      <>
                        {money.format(level.weeklyReward)}
                        <span className="cell-below">
                          {t('vip.from', { amount: money.format(level.weeklyMinValidBet) })}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'monthly',
                    header: t('vip.fields.monthlyReward'),
                    className: 'num',
                    render: (level) => (
                      <>
                        {money.format(level.monthlyReward)}
                        <span className="cell-below">
                          {t('vip.from', { amount: money.format(level.monthlyMinValidBet) })}
                        </span>
                      </>
                    ),
                  },
                  ...(editable
                    ? [
                        actionsColumn<VipLevelView>(t('common.actions'), (level) => (
                          <>
                            <RowButton
                              icon="edit"
                              aria-label={t('vip.editNamed', { name: level.name })}
                              onClick={() => setEditing({ rank: level.rank, level })}
                            >
                              {t('common.edit')}
                            </RowButton>
                            {level.rank > 0 && level.rank === top?.rank ? (
                              <RowButton
                                icon="trash"
                                aria-label={t('vip.removeNamed', { name: level.name })}
                                onClick={() => setRemoving(level)}
                              >
                                {t('common.delete')}
                              </RowButton>
                            ) : null}
                          </>
                        )),
                      ]
                    : []),
                ]}
              />
            )}
          </QueryView>
        </Card>
        <Card title={t('vip.settingsTitle')} description={t('vip.settingsDescription')}>
          <QueryView query={settings}>
            {(data) => <SettingsForm initial={data} editable={editable} />}
          </QueryView>
        </Card>
      </div>
      {editing ? (
        <LevelDialog rank={editing.rank} level={editing.level} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? (
        <DeleteDialog
          title={t('vip.removeTitle', { name: removing.name })}
          message={t('vip.removeMessage')}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() => remove.mutate(removing.rank)}
        />
      ) : null}
    </>
  );
}

function LevelDialog({
  rank,
  level,
  onClose,
}: {
  rank: number;
  level: VipLevelView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<LevelForm, unknown, VipLevelBody>({
    resolver: zodResolver(vipLevelBody),
    defaultValues: level
      ? Object.fromEntries([
          ['name', level.name],
          ...LEVEL_FIELDS.map((field) => [field, String(level[field])]),
        ])
      : { name: `VIP${rank}`, ...Object.fromEntries(LEVEL_FIELDS.map((field) => [field, '0'])) },
  });
  const save = useMutation({
    mutationFn: (body: VipLevelBody) => call(api.putLevel, { params: { rank }, body }),
    onSuccess: (saved) => {
      toast.show(t('vip.levelSaved', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: LEVELS_KEY });
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <FormDialog
      title={level ? t('vip.editNamed', { name: level.name }) : t('vip.newLevel')}
      size="lg"
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['name', ...LEVEL_FIELDS]}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <TextField
          label={t('vip.fields.name')}
          maxLength={40}
          error={errors.name ? t('vip.invalid') : server.name}
          {...form.register('name')}
        />
        {LEVEL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`vip.fields.${field}`)}
            inputMode="decimal"
            error={errors[field] ? t('vip.invalid') : server[field]}
            {...form.register(field)}
          />
        ))}
      </div>
    </FormDialog>
  );
}

type SettingsView = EngagementSettingsBody & { currency: string };

function SettingsForm({ initial, editable }: { initial: SettingsView; editable: boolean }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof engagementSettingsBody>, unknown, EngagementSettingsBody>({
    resolver: zodResolver(engagementSettingsBody),
    defaultValues: initial,
  });
  const { save } = useSettingsSave(api.settings, api.putSettings, t('vip.settingsSaved'), form.reset);
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const referral = [
    'minDeposit',
    'rewardPercent',
    'rewardCap',
    'periodDays',
    'maxRewards',
    'turnoverMultiple',
  ] as const;
  return (
    <form className="stack vip-settings" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={[]} />
      <fieldset className="form-grid" disabled={!editable}>
        <legend className="cell-strong">{t('vip.growthTitle')}</legend>
        <TextField
          label={t('vip.depositPercent')}
          inputMode="numeric"
          error={errors.depositPercent ? t('vip.invalid') : server.depositPercent}
          {...form.register('depositPercent')}
        />
        {GAME_TYPES.map((type) => (
          <TextField
            key={type}
            label={t('vip.betPercent', { product: t(`games.types.${type}`) })}
            inputMode="numeric"
            error={errors.betPercent?.[type] ? t('vip.invalid') : server[`betPercent.${type}`]}
            {...form.register(`betPercent.${type}`)}
          />
        ))}
      </fieldset>
      <fieldset className="form-grid" disabled={!editable}>
        <legend className="cell-strong">{t('vip.levelUpTitle')}</legend>
        <Controller
          control={form.control}
          name="levelUpClaim"
          render={({ field }) => (
            <Checkbox
              label={t('vip.levelUpClaim')}
              description={t('vip.levelUpClaimHint')}
              checked={field.value === true}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>
      <fieldset className="form-grid" disabled={!editable}>
        <legend className="cell-strong">{t('vip.referralTitle')}</legend>
        {referral.map((field) => (
          <TextField
            key={field}
            label={t(`vip.referral.${field}`)}
            inputMode="decimal"
            error={errors.referral?.[field] ? t('vip.invalid') : server[`referral.${field}`]}
            {...form.register(`referral.${field}`)}
          />
        ))}
      </fieldset>
      <SaveButton editable={editable} pending={save.isPending} />
    </form>
  );
}
