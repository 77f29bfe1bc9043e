import type { Queryable } from './database.ts';

/**
 * One table's rows read, written and deleted by their integer id: the statements of the simple tables operators edit
 * (notices, announcements, help, download resources, domains). Its table and column names are the code's own, never
 * input; the values are parameters. `columns` is what every statement returns; `writable` the columns an insert or
 * update sets, in that order, from the fields of the same names.
 */
export function idTable<Row extends { id: number }, Fields extends object>(spec: {
  table: string;
  columns: string;
  writable: readonly (keyof Fields & string)[];
  /** Of `writable`, those only an insert sets (a creation time). */
  insertOnly?: readonly (keyof Fields & string)[];
  /** Added to the insert: `on conflict (url) do nothing` (the insert then answers null). */
  onInsertConflict?: string;
}) {
  const { table, columns, writable } = spec;
  const updatable = writable.filter((column) => !spec.insertOnly?.includes(column));
  const values = (fields: Fields, names: readonly (keyof Fields & string)[]) =>
    names.map((name) => fields[name]);
  const insertSql = `insert into ${table} (${writable.join(', ')})
    values (${writable.map((_, i) => `$${i + 1}`).join(', ')}) ${spec.onInsertConflict ?? ''} returning ${columns}`;
  const updateSql = `update ${table} set ${updatable.map((column, i) => `${column} = $${i + 2}`).join(', ')}
    where id = $1 returning ${columns}`;
  const first = (rows: Row[]) => rows[0] ?? null;
  return {
    async find(db: Queryable, id: number): Promise<Row | null> {
      return first(await db.query<Row>(`select ${columns} from ${table} where id = $1`, [id]));
    },
    async insert(db: Queryable, fields: Fields): Promise<Row | null> {
      return first(await db.query<Row>(insertSql, values(fields, writable)));
    },
    async update(db: Queryable, id: number, fields: Fields): Promise<Row | null> {
      return first(await db.query<Row>(updateSql, [id, ...values(fields, updatable)]));
    },
    async remove(db: Queryable, id: number): Promise<Row | null> {
      return first(await db.query<Row>(`delete from ${table} where id = $1 returning ${columns}`, [id]));
    },
  };
}

export type IdTable<Row extends { id: number }, Fields extends object> = ReturnType<
  typeof idTable<Row, Fields>
>;
