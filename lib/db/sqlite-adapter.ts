// better-sqlite3 shares one connection between every query. The stock adapter serialises
// transactions against each other but not against plain queries, so a query issued while a
// transaction is open would run inside it (and vanish with its rollback). This wrapper puts
// every statement and transaction behind one queue, and lets the fast insert (lib/db/fast-insert)
// take a turn in the same queue with the connection itself.
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { BACKSTOP_PAGES, startCheckpointer } from "./sqlite-checkpoint";

// SQLite's own default for wal_autocheckpoint, restored when the checkpoint worker is gone.
const DEFAULT_AUTOCHECKPOINT = 1000;

class Queue {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

function serialise(inner: SqlDriverAdapter, queue: Queue, disposed: () => Promise<void>): SqlDriverAdapter {
  const locked = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await queue.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  };
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === "queryRaw") return (q: Parameters<SqlDriverAdapter["queryRaw"]>[0]) => locked(() => target.queryRaw(q));
      if (prop === "executeRaw") return (q: Parameters<SqlDriverAdapter["executeRaw"]>[0]) => locked(() => target.executeRaw(q));
      if (prop === "dispose") {
        return async () => {
          await disposed();
          await target.dispose();
        };
      }
      if (prop === "startTransaction") {
        return async (level?: Parameters<SqlDriverAdapter["startTransaction"]>[0]): Promise<Transaction> => {
          const release = await queue.acquire();
          try {
            const tx = await target.startTransaction(level);
            return wrapTransaction(tx, release);
          } catch (e) {
            release();
            throw e;
          }
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function wrapTransaction(tx: Transaction, release: () => void): Transaction {
  let done = false;
  const finish = () => {
    if (!done) {
      done = true;
      release();
    }
  };
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === "commit" || prop === "rollback") {
        return async () => {
          try {
            await target[prop]();
          } finally {
            finish();
          }
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A driver adapter factory, plus a turn in its queue with the raw connection. */
export type SerialisedSqlite = SqlDriverAdapterFactory & {
  /** Runs `fn` with the connection while no Prisma statement or transaction is under way. */
  exclusive<T>(fn: (db: Database.Database) => T): Promise<T>;
  /** Prisma opens the connection on first use. */
  readonly open: boolean;
};

export function serialisedSqlite(url: string): SerialisedSqlite {
  const factory = new PrismaBetterSQLite3({ url, timeout: 10_000 });
  const queue = new Queue();
  let connection: Database.Database | null = null;
  let stopCheckpoints: (() => Promise<void>) | null = null;
  const file = url.slice("file:".length);
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      // WAL lets readers in other processes (the admin CLI) work beside the server.
      await adapter.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
      // The adapter keeps its better-sqlite3 handle in `client` (@prisma/adapter-better-sqlite3 6.19).
      connection = (adapter as unknown as { client: Database.Database }).client;
      // The audit trail's chain hash, computed by its INSERT (lib/audit/append.ts).
      connection.function("oq_sha256", { deterministic: true }, (text: unknown) => createHash("sha256").update(String(text), "utf8").digest("hex"));
      const c = connection;
      c.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
      stopCheckpoints ??= startCheckpointer(file, () => c.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`));
      return serialise(adapter, queue, async () => {
        await stopCheckpoints?.();
        stopCheckpoints = null;
      });
    },
    get open() {
      return connection !== null;
    },
    exclusive: async (fn) => {
      const release = await queue.acquire();
      try {
        if (!connection) throw new Error("the SQLite connection is not open yet");
        return fn(connection);
      } finally {
        release();
      }
    },
  };
}
