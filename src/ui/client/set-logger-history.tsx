import { isPersonalRecord, lastTimeText, type ExerciseHistory, type PerformedSet } from "#domain/history.ts"
import type { Unit } from "#domain/units.ts"

export interface SetHistoryProps {
  readonly history: ExerciseHistory
  /** The set's place in its exercise: it is compared with the same set of the last time. */
  readonly index: number
  /** What the set logs, once logged: a personal record when it beats the history's best. */
  readonly performed: PerformedSet | undefined
  /** The lifter's unit once known; until then each set reads in its own. */
  readonly unit: Unit | undefined
}

/**
 * "last time: 265 × 5" and the PR badge under a set's prescription. It shows only once the
 * lifter's earlier results are read, so it comes in the chunk that reads them.
 */
export function SetHistory({ history, index, performed, unit }: SetHistoryProps) {
  const lastTime = lastTimeText(history, index, unit)
  const record = performed !== undefined && isPersonalRecord(performed, history)
  if (lastTime === undefined && !record) return null
  return (
    <p className="set-logger__meta">
      {lastTime === undefined ? null : <span className="set-logger__last-time">{lastTime}</span>}
      {record ? (
        <span className="set-logger__pr" role="img" aria-label="Personal record">
          PR
        </span>
      ) : null}
    </p>
  )
}
