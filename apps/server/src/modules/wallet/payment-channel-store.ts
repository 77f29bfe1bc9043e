import type { Queryable } from '../../db/database.ts';

export interface ChannelDb {
  id: number;
  kind: 'bank' | 'gateway';
  name: string;
  enabled: boolean;
  sort: number;
  min_amount: bigint;
  max_amount: bigint;
  /** Minor units. */
  presets: number[];
  instructions: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  gateway_url: string;
  gateway_merchant: string;
  /** Sealed with the server's secrets key; '' when none. */
  gateway_secret: string;
  /** Its name and instructions per language (VI, CN), where it has them. */
  translations: ChannelTranslations;
  updated_at: Date;
}

/** A channel's versions by language: only the fields it has ('' ones are not kept). */
export type ChannelTranslations = Partial<Record<string, { name?: string; instructions?: string }>>;

export interface ChannelWrite {
  kind: 'bank' | 'gateway';
  name: string;
  enabled: boolean;
  sort: number;
  minAmount: bigint;
  maxAmount: bigint;
  presets: bigint[];
  instructions: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  gatewayUrl: string;
  gatewayMerchant: string;
  translations: ChannelTranslations;
}

const COLUMNS = `id, kind, name, enabled, sort, min_amount, max_amount, presets, instructions, bank_name, account_name,
  account_number, gateway_url, gateway_merchant, gateway_secret, translations, updated_at`;

export function listChannels(db: Queryable, options: { enabledOnly: boolean }): Promise<ChannelDb[]> {
  return db.query<ChannelDb>(
    `select ${COLUMNS} from payment_channels where ($1::boolean is false or enabled) order by sort, id`,
    [options.enabledOnly],
  );
}

export async function findChannel(db: Queryable, id: number): Promise<ChannelDb | null> {
  const [row] = await db.query<ChannelDb>(`select ${COLUMNS} from payment_channels where id = $1`, [id]);
  return row ?? null;
}

export async function lockChannel(tx: Queryable, id: number): Promise<ChannelDb | null> {
  const [row] = await tx.query<ChannelDb>(
    `select ${COLUMNS} from payment_channels where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

const values = (row: ChannelWrite) => [
  row.kind,
  row.name,
  row.enabled,
  row.sort,
  row.minAmount,
  row.maxAmount,
  JSON.stringify(row.presets.map(Number)),
  row.instructions,
  row.bankName,
  row.accountName,
  row.accountNumber,
  row.gatewayUrl,
  row.gatewayMerchant,
  JSON.stringify(row.translations),
];

export async function insertChannel(tx: Queryable, row: ChannelWrite, at: Date): Promise<ChannelDb> {
  const [inserted] = await tx.query<ChannelDb>(
    `insert into payment_channels (kind, name, enabled, sort, min_amount, max_amount, presets, instructions, bank_name,
       account_name, account_number, gateway_url, gateway_merchant, translations, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning ${COLUMNS}`,
    [...values(row), at],
  );
  if (!inserted) throw new Error('payment channel insert returned nothing');
  return inserted;
}

export async function updateChannel(
  tx: Queryable,
  id: number,
  row: ChannelWrite,
  at: Date,
): Promise<ChannelDb | null> {
  const [updated] = await tx.query<ChannelDb>(
    `update payment_channels set kind = $2, name = $3, enabled = $4, sort = $5, min_amount = $6, max_amount = $7,
       presets = $8, instructions = $9, bank_name = $10, account_name = $11, account_number = $12, gateway_url = $13,
       gateway_merchant = $14, translations = $15, updated_at = $16
     where id = $1 returning ${COLUMNS}`,
    [id, ...values(row), at],
  );
  return updated ?? null;
}

export async function setChannelSecret(tx: Queryable, id: number, sealed: string): Promise<void> {
  await tx.query('update payment_channels set gateway_secret = $2 where id = $1', [id, sealed]);
}

export async function channelHasDeposits(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('select 1 from deposits where channel_id = $1 limit 1', [id]);
  return rows.length > 0;
}

export async function deleteChannel(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from payment_channels where id = $1', [id]);
}
