// PostgreSQL: the statements of a write prepared once per pooled connection (PREPARE) and run as
// EXECUTEs in one simple-protocol query of several statements — still one round trip and one
// implicit transaction, without parsing and planning each statement every time (a decision's four
// cost ~0.3–0.4 ms of the database's time; docs/decisions.md "Answer latency").
import { createHash } from "node:crypto";
import { escapeLiteral, type PoolClient } from "pg";
import { pgPool } from "../client";

type Value = string | number | Date | null;
export type Bind = (v: Value) => string;
type Result = { command: string; rows: Record<string, unknown>[] };

// A parameter's declared type; `unknown` lets PostgreSQL infer it where it is used (a NULL).
const typeOf = (v: Value) => (v === null ? "unknown" : v instanceof Date ? "timestamp" : typeof v === "number" ? "integer" : "text");
// timestamp(3) without time zone holds UTC (as Prisma writes it); the "Z" is ignored on input.
export const literal = (v: Value) => (v === null ? "NULL" : typeof v === "number" ? String(v) : escapeLiteral(v instanceof Date ? v.toISOString() : v));

/** The names prepared on each pooled connection (a new connection prepares again). */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

export class PreparedQuery {
  private readonly prepares = new Map<string, string>();
  private readonly statements: string[] = [];

  /** A statement whose values `build` binds (in the order they appear): run as EXECUTE of its prepared form. */
  prepared(build: (bind: Bind) => string): this {
    const values: Value[] = [];
    const text = build((v) => `$${values.push(v)}`);
    const types = values.map(typeOf).join(", ");
    const name = `oq_${createHash("sha1").update(`${types}\n${text}`).digest("hex").slice(0, 20)}`;
    this.prepares.set(name, `PREPARE ${name}(${types}) AS ${text}`);
    this.statements.push(`EXECUTE ${name}(${values.map(literal).join(", ")})`);
    return this;
  }

  /** A statement as it is (no values, or nothing worth preparing). */
  plain(sql: string): this {
    if (sql) this.statements.push(sql);
    return this;
  }

  /** Runs the statements in one query (one transaction); their results in order. */
  async run(): Promise<Result[]> {
    const client = await pgPool().connect();
    // A PREPARE that failed may have left some of its statements behind: the connection is closed
    // rather than reused (preparing them again there would fail on the names).
    let broken: Error | undefined;
    try {
      let have = preparedOn.get(client);
      if (!have) preparedOn.set(client, (have = new Set()));
      const missing = [...this.prepares].filter(([name]) => !have.has(name));
      if (missing.length) {
        await client.query(missing.map(([, sql]) => sql).join(";\n")).catch((e: Error) => {
          throw (broken = e);
        });
        for (const [name] of missing) have.add(name);
      }
      const results = (await client.query(this.statements.join(";\n"))) as unknown as Result | Result[];
      return Array.isArray(results) ? results : [results];
    } finally {
      client.release(broken);
    }
  }
}
