import type { Database, Transaction } from '../src/db/database.ts';

/**
 * The database with every round trip counted: each query on the pool or a transaction, and a transaction's BEGIN
 * and COMMIT (the statements a write sends with them travel in their round trips). For in-process figures.
 */
export function countRoundTrips(db: Database): { db: Database; roundTrips: () => number } {
  let trips = 0;
  const counted = (tx: Transaction): Transaction => ({
    get opened() {
      return tx.opened;
    },
    query(sql, params) {
      trips += 1;
      return tx.query(sql, params);
    },
    exec(sql) {
      trips += 1;
      return tx.exec(sql);
    },
    withCommit: (sql) => tx.withCommit(sql),
  });
  return {
    db: {
      kind: db.kind,
      query(sql, params) {
        trips += 1;
        return db.query(sql, params);
      },
      exec(sql) {
        trips += 1;
        return db.exec(sql);
      },
      transaction(isolation, fn, options) {
        return db.transaction(
          isolation,
          (tx) => {
            trips += 2;
            return fn(counted(tx));
          },
          options,
        );
      },
      listen: (channel, onPayload) => db.listen(channel, onPayload),
      close: () => db.close(),
    },
    roundTrips: () => trips,
  };
}
