import type { Database } from "../db/client.ts"
import { currentSchema } from "../db/listen.ts"
import { log } from "../log.ts"
import { LIVE_CHANNEL_PREFIX } from "./record.ts"

/**
 * The instance's one subscription to the live events (docs/decisions/029): a single
 * LISTEN per server, whatever the number of open streams, fanned out in memory to the
 * streams of the two people a notification names. A notification only wakes a stream;
 * the stream reads what is new from its own cursor, so a lost or merged notification
 * costs nothing but a later read, and after the listener reconnects every stream reads.
 */
export interface LiveHub {
  /** Calls `wake` whenever something may have been written for `userId`; answers the unsubscribe. */
  readonly watch: (userId: number, wake: () => void) => () => void
  readonly close: () => Promise<void>
}

export async function openLiveHub(database: Pick<Database, "db" | "listen">): Promise<LiveHub> {
  const watchers = new Map<number, Set<() => void>>()
  const wakeUser = (userId: number) => {
    for (const wake of watchers.get(userId) ?? []) wake()
  }
  const wakeEveryone = () => {
    for (const wakes of watchers.values()) for (const wake of wakes) wake()
  }
  const onNotify = (payload: string) => {
    const [coachId, clientId] = payload.split(",").map(Number)
    if (coachId === undefined || clientId === undefined || !Number.isInteger(coachId) || !Number.isInteger(clientId)) {
      log.warn({ payload }, "live events: a notification without its pair; every stream reads")
      wakeEveryone()
      return
    }
    wakeUser(coachId)
    wakeUser(clientId)
  }
  // The channel is the schema's: writers name it with current_schema() (record.ts).
  const unlisten = await database.listen(`${LIVE_CHANNEL_PREFIX}${await currentSchema(database.db)}`, {
    onNotify,
    onGap: wakeEveryone
  })
  return {
    watch(userId, wake) {
      const wakes = watchers.get(userId) ?? new Set()
      wakes.add(wake)
      watchers.set(userId, wakes)
      return () => {
        wakes.delete(wake)
        if (wakes.size === 0 && watchers.get(userId) === wakes) watchers.delete(userId)
      }
    },
    close: unlisten
  }
}
