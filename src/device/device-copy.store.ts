import { todayIso } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import { done, openDatabase, request } from "./indexed-db.ts"
import { clip, covers, joined, keptWindow, within, type Span } from "#domain/device-copy-spans.ts"
import { DEVICE_COPY_DB, type CopiedDays, type FreshDays, type LifterCopyStore } from "./device-copy.types.ts"

/*
 * The device copy in IndexedDB: one record per user (key: their id), each kind of read
 * with the span of days it covers. A read of the server joins the copy in one transaction,
 * so two screens refreshing at once never lose each other's days.
 */

const STORE = "days"

type Kind = "workouts" | "results" | "completions"
const KINDS: ReadonlyArray<Kind> = ["workouts", "results", "completions"]

interface Kept<Row> {
  readonly span: Span
  readonly rows: ReadonlyArray<Row>
}

interface StoredCopy {
  readonly key: string
  readonly asOf: number
  readonly workouts: Kept<{ readonly date: string }> | null
  readonly results: Kept<{ readonly date: string }> | null
  readonly completions: Kept<{ readonly date: string }> | null
  /** Absent in copies kept before preferences were. */
  readonly preferences?: { readonly value: Preferences; readonly asOf: number } | null
}

const merged = <Row extends { readonly date: string }>(
  kept: Kept<Row> | null,
  fresh: ReadonlyArray<Row>,
  range: Span,
  window: Span
): Kept<Row> | null => {
  const freshSpan = clip(range, window)
  const keptSpan = kept === null ? null : clip(kept.span, window)
  if (freshSpan === null) return kept === null || keptSpan === null ? null : { span: keptSpan, rows: kept.rows }
  const span = joined(keptSpan, freshSpan)
  if (span === null) return kept
  const old = kept === null || keptSpan === null ? [] : kept.rows
  return {
    span,
    rows: [
      ...old.filter((row) => within(row.date as Span["from"], span) && !within(row.date as Span["from"], freshSpan)),
      ...fresh.filter((row) => within(row.date as Span["from"], freshSpan))
    ]
  }
}

const rowsIn = <Row extends { readonly date: string }>(
  kept: Kept<Row> | null,
  range: Span
): ReadonlyArray<Row> | null =>
  kept !== null && covers(kept.span, range) ? kept.rows.filter((row) => within(row.date as Span["from"], range)) : null

/** The copy of one signed-in user (`owner`), in this browser's IndexedDB. */
export function indexedDbDeviceCopy(
  owner: UserId,
  factory: IDBFactory = indexedDB,
  now: () => Date = () => new Date()
): LifterCopyStore {
  const key = String(owner)
  let database: Promise<IDBDatabase> | undefined
  const open = () => (database ??= openDatabase(factory, DEVICE_COPY_DB, STORE))
  return {
    read: async (range) => {
      const db = await open()
      const stored = (await request(db.transaction(STORE).objectStore(STORE).get(key))) as StoredCopy | undefined
      if (stored === undefined) return null
      const copy = {
        asOf: stored.asOf,
        workouts: rowsIn(stored.workouts, range),
        results: rowsIn(stored.results, range),
        completions: rowsIn(stored.completions, range)
      } as CopiedDays
      return copy.workouts === null && copy.results === null && copy.completions === null ? null : copy
    },
    keep: async (fresh: FreshDays) => {
      const db = await open()
      const at = now()
      const window = keptWindow(todayIso(at))
      const tx = db.transaction(STORE, "readwrite")
      const store = tx.objectStore(STORE)
      const stored = (await request(store.get(key))) as StoredCopy | undefined
      const next: Record<string, unknown> = { key, asOf: at.getTime(), preferences: stored?.preferences ?? null }
      for (const kind of KINDS) {
        const rows = fresh[kind]
        const kept = stored?.[kind] ?? null
        next[kind] = rows === undefined ? kept : merged(kept, rows, fresh, window)
      }
      store.put(next)
      return done(tx)
    },
    readPreferences: async () => {
      const db = await open()
      const stored = (await request(db.transaction(STORE).objectStore(STORE).get(key))) as StoredCopy | undefined
      const kept = stored?.preferences ?? null
      return kept === null ? null : { preferences: kept.value, asOf: kept.asOf }
    },
    keepPreferences: async (preferences) => {
      const db = await open()
      const tx = db.transaction(STORE, "readwrite")
      const store = tx.objectStore(STORE)
      const stored = (await request(store.get(key))) as StoredCopy | undefined
      // The days' own asOf is left as it was: it says when they were read, not the preferences.
      const days = stored ?? { key, asOf: null, workouts: null, results: null, completions: null }
      store.put({ ...days, preferences: { value: preferences, asOf: now().getTime() } })
      return done(tx)
    }
  }
}
