import { sql } from "drizzle-orm"
import pg from "pg"
import type { Db } from "./client.ts"

/** The schema `db` works in: a channel carries its name, as tests give each server a schema of its own. */
export async function currentSchema(db: Db): Promise<string> {
  const result = await db.execute<{ schema: string }>(sql`select current_schema() as schema`)
  return result.rows[0]?.schema ?? "public"
}

/** What a subscription to a notification channel tells its reader. */
export interface Listener {
  /** Each notification's payload. */
  readonly onNotify: (payload: string) => void
  /** Notifications may have been lost (the connection dropped and was made again): re-read what may be missed. */
  readonly onGap: () => void
  /** The connection dropped: nothing is heard until `onGap`. */
  readonly onLost?: () => void
}

/** One subscription to a PostgreSQL notification channel (LISTEN); answers the unsubscribe. */
export type Listen = (channel: string, listener: Listener) => Promise<() => Promise<void>>

const logFault = (what: string, error: Error) =>
  console.error(JSON.stringify({ level: "warn", msg: `database listener: ${what}`, error: error.message }))

const RETRY_MS = [250, 500, 1_000, 2_000, 5_000]

/**
 * LISTEN on a connection of its own (a pooled one would be handed to a query and lose
 * its subscription). A dropped connection is made again with a short backoff; each time
 * it comes back `onGap` tells readers to catch up.
 */
export function postgresListen(connectionString: string, schemaName: string | undefined): Listen {
  return async (channel, { onNotify, onGap, onLost }) => {
    let stopped = false
    let client: pg.Client | undefined
    let attempt = 0
    const connect = async (): Promise<void> => {
      const next = new pg.Client({
        connectionString,
        keepAlive: true,
        ...(schemaName === undefined ? {} : { options: `-c search_path=${schemaName}` })
      })
      next.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "")
      })
      next.on("error", (error) => {
        logFault("connection lost", error)
        void next.end().catch(() => undefined)
        if (client === next) reconnect()
      })
      // A connection the server closes without an error ends the subscription just the same.
      next.on("end", () => {
        if (client === next) reconnect()
      })
      await next.connect()
      await next.query(`listen "${channel}"`)
      client = next
      attempt = 0
    }
    const reconnect = () => {
      client = undefined
      if (stopped) return
      onLost?.()
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 5_000
      attempt++
      setTimeout(() => {
        if (stopped) return
        connect().then(onGap, (error: unknown) => {
          logFault("reconnect failed", error instanceof Error ? error : new Error(String(error)))
          reconnect()
        })
      }, delay).unref()
    }
    await connect()
    return async () => {
      stopped = true
      const last = client
      client = undefined
      await last?.end().catch(() => undefined)
    }
  }
}
