import type { FirebaseUid } from "#domain/ids.ts"
import type { Database, Db } from "../db/client.ts"
import { currentSchema } from "../db/listen.ts"
import { sessionsValidAfter } from "../users/repository.ts"

/**
 * Each uid's session cut-off (`users.sessions_valid_after`, server/auth/session-cut-off.ts),
 * remembered by this instance while it hears every change to it
 * (docs/decisions/054-session-cut-offs-remembered.md). A trigger tells each change on the
 * schema's channel at commit; while the channel is not listened to nothing is remembered.
 * A read that a change, a lost connection or a gap overtook is answered but not kept, and
 * nothing is kept longer than REMEMBER_MS: a listening connection that died without its
 * socket saying so is outlived by that bound.
 */
export interface SessionCutOffs {
  /** The uid's cut-off, read through `db` (the request's deadline-bound view) when not remembered. */
  readonly of: (db: Db, uid: FirebaseUid) => Promise<Date | null>
  readonly close: () => Promise<void>
}

/** The notification channel of a database schema (migration 0016 names it so). */
export const CUT_OFF_CHANNEL_PREFIX = "session_cut_offs_"

/** How long a cut-off is trusted without a word from the channel. */
export const REMEMBER_MS = 5 * 60_000

/** The most uids remembered; past it the longest remembered goes. */
const MOST_REMEMBERED = 50_000

interface Remembered {
  readonly cutOff: Date | null
  readonly until: number
}

export async function openSessionCutOffs(
  database: Pick<Database, "db" | "listen">,
  now: () => number = Date.now
): Promise<SessionCutOffs> {
  const remembered = new Map<FirebaseUid, Remembered>()
  let listening = false
  // Bumped by everything heard: a read begun before it may hold what it changed.
  let heard = 0
  const forgetAll = () => {
    heard++
    remembered.clear()
  }
  const unlisten = await database.listen(`${CUT_OFF_CHANNEL_PREFIX}${await currentSchema(database.db)}`, {
    onNotify: (uid) => {
      heard++
      remembered.delete(uid as FirebaseUid)
    },
    onLost: () => {
      listening = false
      forgetAll()
    },
    onGap: () => {
      forgetAll()
      listening = true
    }
  })
  listening = true
  return {
    async of(db, uid) {
      const known = remembered.get(uid)
      if (known !== undefined && known.until > now()) return known.cutOff
      const asked = heard
      const cutOff = await sessionsValidAfter(db, uid)
      if (listening && heard === asked) {
        remembered.delete(uid)
        if (remembered.size >= MOST_REMEMBERED) {
          const oldest = remembered.keys().next()
          if (oldest.done !== true) remembered.delete(oldest.value)
        }
        remembered.set(uid, { cutOff, until: now() + REMEMBER_MS })
      }
      return cutOff
    },
    close: async () => {
      listening = false
      forgetAll()
      await unlisten()
    }
  }
}
