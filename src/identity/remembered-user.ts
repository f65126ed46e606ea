import { isUserRecord } from "#domain/session-user.ts"
import type { UserRecord } from "#domain/user.ts"

/**
 * The user record this device last saw confirmed by our server, kept in localStorage so
 * the next visit can show the person's area at once while Firebase restores the sign-in
 * (docs/decisions/010). It holds what Firebase's own persistence already keeps on the
 * device (uid, email) plus name, type and id; no token. Forgotten on sign-out.
 * Storage that is missing, full or blocked (private modes) only means no head start.
 * The prerendered public pages read it too, before any JavaScript loads (scripts/prerender-public.ts).
 */
export const REMEMBERED_USER_KEY = "strength-coach:signed-in-user"
const KEY = REMEMBERED_USER_KEY

export interface RememberedUser {
  /** The remembered record, or null when there is none or it does not read as one. */
  recall(): UserRecord | null
  /** Remembers `record`, or forgets when null. */
  keep(record: UserRecord | null): void
}

export function rememberedUser(storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null): RememberedUser {
  return {
    recall() {
      try {
        const stored: unknown = JSON.parse(storage?.getItem(KEY) ?? "null")
        return isUserRecord(stored) ? stored : null
      } catch {
        return null
      }
    },
    keep(record) {
      try {
        if (record === null) storage?.removeItem(KEY)
        else storage?.setItem(KEY, JSON.stringify(record))
      } catch {
        // Nothing to do: the next visit waits for the sign-in to be restored, as a first one does.
      }
    }
  }
}

/** The browser's localStorage, or null where reading it throws (storage blocked). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}
