import { sql } from "drizzle-orm"
import * as Context from "effect/Context"
import type { Db } from "./db/client.ts"

/*
 * A request's deadline reaches its database work (docs/product.md, Limits): the 503 that
 * server/app.ts answers when the deadline passes also stops the work, so a 503 means the
 * request's transactions were rolled back, never committed behind the answer.
 *
 * - Every statement checks the deadline before it starts: past it, DeadlinePassed is
 *   thrown, and a transaction it was part of rolls back.
 * - A transaction checks it again as its last step, and from then on the request is
 *   committing: a deadline passing during the COMMIT waits for the answer instead of
 *   answering 503, since the write is being kept.
 * - On PostgreSQL each transaction's statements are cut at the time left
 *   (statement_timeout, never raised above the pool's own), so a statement running
 *   past the deadline is cancelled by the database; PGlite cannot cancel a statement
 *   and stops at the next one.
 */

export interface RequestDeadline {
  /** Aborted once the request's deadline has passed. */
  readonly signal: AbortSignal
  /** When the deadline passes, in Date.now() milliseconds. */
  readonly at: number
  /** Set as a transaction of the request starts its COMMIT (or a write runs outside one). */
  committing: boolean
}

/** The deadline of the request being handled; none outside a request (start-up work, tests calling repositories). */
export const RequestDeadline = Context.Reference<RequestDeadline | undefined>("strength-coach/server/RequestDeadline", {
  defaultValue: () => undefined
})

export class DeadlinePassed extends Error {
  constructor() {
    super("the request's deadline passed before its database work was done")
    this.name = "DeadlinePassed"
  }
}

const check = (deadline: RequestDeadline) => {
  if (deadline.signal.aborted || Date.now() >= deadline.at) throw new DeadlinePassed()
}

// Writes that commit on their own when run outside a transaction.
const AUTOCOMMIT_WRITES = new Set<PropertyKey>(["insert", "update", "delete", "execute"])

/** Lowers statement_timeout for this transaction to the time left (PostgreSQL's setting is in ms; 0 is none). */
const limitStatements = (tx: Db, deadline: RequestDeadline) => {
  const left = Math.max(1, Math.ceil(deadline.at - Date.now()))
  // current_setting, not the pg_settings view: reading that view costs ~0.5 ms a transaction.
  return tx.execute(sql`select set_config('statement_timeout', ${String(left)}, true)
    where current_setting('statement_timeout') = '0'
      or extract(epoch from current_setting('statement_timeout')::interval) * 1000 > ${left}`)
}

// What a request's view of the database stands for: the database itself and the deadline.
const UNBOUND = Symbol("the database under a request's deadline")
interface Bound {
  readonly db: Db
  readonly deadline: RequestDeadline
  readonly nested: boolean
}
const boundOf = (db: Db): Bound | undefined => (db as unknown as { [UNBOUND]?: Bound })[UNBOUND]

/**
 * Statements built once per database and kept in `cache` (docs/performance.md: prepared
 * statements). They are built on the database itself, not on the request's view of it,
 * which is new for every request (a cache keyed by it would build them every time), and
 * they are handed out as the view's own statements run: past the deadline they are not,
 * and a `write` outside a transaction marks the request committing.
 */
export function preparedOnce<T>(
  cache: WeakMap<Db, T>,
  db: Db,
  build: (db: Db) => T,
  kind: "read" | "write" = "read"
): T {
  const bound = boundOf(db)
  const base = bound?.db ?? db
  if (bound !== undefined) {
    check(bound.deadline)
    if (kind === "write" && !bound.nested) bound.deadline.committing = true
  }
  let statements = cache.get(base)
  if (statements === undefined) {
    statements = build(base)
    cache.set(base, statements)
  }
  return statements
}

/**
 * `db` as the request's repositories use it, bound by its deadline. `nested`: inside a
 * transaction already, where `transaction` is a savepoint, not a commit.
 */
export function withinRequestDeadline(db: Db, deadline: RequestDeadline, nested = false): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === UNBOUND) return { db: target, deadline, nested } satisfies Bound
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== "function") return value
      if (property === "transaction") {
        return (work: (tx: Db) => Promise<unknown>, config?: unknown) => {
          check(deadline)
          return target.transaction(
            async (tx) => {
              if (!nested) await limitStatements(tx, deadline)
              const result = await work(withinRequestDeadline(tx, deadline, true))
              check(deadline)
              if (!nested) deadline.committing = true
              return result
            },
            config as Parameters<Db["transaction"]>[1]
          )
        }
      }
      return (...args: Array<unknown>) => {
        check(deadline)
        if (!nested && AUTOCOMMIT_WRITES.has(property)) deadline.committing = true
        return Reflect.apply(value, target, args) as unknown
      }
    }
  })
}
