// The busy evening's exactly-once check (scripts/bench-evening.ts): every set write carried
// a value no other write had (its weight), so what a set holds in the end names the one
// write that was applied last. Compared, set by set, with the last write answered 2xx.
import type { WriteRecord } from "./bench-evening-load.ts"

export interface WriteCheck {
  readonly sent: number
  readonly answered2xx: number
  /** sent a second time after a 502 (the write is idempotent) */
  readonly retried: number
  readonly sets: number
  /** the set holds its last 2xx write */
  readonly exact: number
  /** the set holds a later write whose answer never came (an error, or still unanswered): stored, not confirmed */
  readonly laterUnconfirmed: number
  /** the set holds a write whose answer was not 2xx, and none was: stored, not confirmed */
  readonly storedWithout2xx: number
  /** a 2xx write the set does not hold, and no write at all is stored */
  readonly lost: number
  /** the set holds a write older than its last 2xx one: an earlier write applied again after it */
  readonly duplicated: number
  /** the set holds a value no write sent, or a row no write made */
  readonly mismatched: number
  /** a few sets that were lost, duplicated or mismatched, for the report */
  readonly examples: ReadonlyArray<string>
}

const isOk = (status: number) => status >= 200 && status < 300

/** `stored`: what each of tonight's sets holds (set id -> weight; absent: no row). */
export function checkWrites(
  writes: ReadonlyArray<WriteRecord>,
  stored: ReadonlyMap<number, number | null>
): WriteCheck {
  const bySet = new Map<number, Array<WriteRecord>>()
  for (const write of writes) {
    const list = bySet.get(write[0]) ?? []
    list.push(write)
    bySet.set(write[0], list)
  }
  const counts = {
    exact: 0,
    laterUnconfirmed: 0,
    storedWithout2xx: 0,
    lost: 0,
    duplicated: 0,
    mismatched: 0
  }
  const examples: Array<string> = []
  const example = (text: string) => examples.length < 5 && examples.push(text)
  for (const [setId, list] of bySet) {
    list.sort((a, b) => a[4] - b[4])
    const held = stored.get(setId)
    const lastOk = list.findLastIndex((write) => isOk(write[2]))
    const heldBy = held === undefined || held === null ? -1 : list.findIndex((write) => write[1] === held)
    if (lastOk < 0) {
      if (held === undefined) continue
      if (heldBy >= 0) counts.storedWithout2xx++
      else {
        counts.mismatched++
        example(`set ${setId}: holds ${held}, no write sent it and none was answered 2xx`)
      }
    } else if (heldBy === lastOk) counts.exact++
    else if (heldBy > lastOk) counts.laterUnconfirmed++
    else if (heldBy >= 0) {
      counts.duplicated++
      example(`set ${setId}: holds ${held} (write ${heldBy + 1}), its last 2xx was write ${lastOk + 1}`)
    } else if (held === undefined) {
      counts.lost++
      example(`set ${setId}: ${list.length} writes, the last 2xx sent ${list[lastOk]?.[1]}, nothing stored`)
    } else {
      counts.mismatched++
      example(`set ${setId}: holds ${held}, the last 2xx sent ${list[lastOk]?.[1]}`)
    }
  }
  // Tonight's sets start with nothing logged: a row on a set nobody wrote came from elsewhere.
  for (const [setId, held] of stored) {
    if (bySet.has(setId)) continue
    counts.mismatched++
    example(`set ${setId}: holds ${held} but was never written`)
  }
  return {
    sent: writes.length,
    answered2xx: writes.filter((write) => isOk(write[2])).length,
    retried: writes.filter((write) => write[3] > 1).length,
    sets: bySet.size,
    ...counts,
    examples
  }
}
