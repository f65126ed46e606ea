import type { Unit } from "../units.ts"
import { MAX_REPS, MAX_RPE, MAX_WEIGHT, MIN_RPE } from "./import-bounds.ts"
import type { RowOutcome, SourceSet } from "./logbook.ts"
import { readNumber } from "./source-text.ts"

/*
 * One row's set, as every format reads it (docs/import-export.md, "What a row becomes"):
 * a weight or reps, either alone, is a set; neither is no set (cardio when the row has a
 * distance or a time instead); a number past the wire's bounds is unreadable; an RPE the
 * app cannot hold (outside 1..10, not in half steps) is dropped, not the set.
 */

export interface SetCells {
  readonly weight: string
  readonly reps: string
  readonly rpe: string
  readonly unit: Unit | null
  /** The row has a distance or a time: with no weight or reps it is cardio, not a lift. */
  readonly distanceOrTime: boolean
  /**
   * Strong writes 0 where nothing was entered (a timed plank is "0 kg x 0"), so 0 and 0
   * count as neither. Our own export writes blanks and keeps a logged 0.
   */
  readonly zeroIsBlank: boolean
}

export type SetReading = { readonly set: SourceSet } | { readonly left: RowOutcome }

const isRpe = (rpe: number): boolean => rpe >= MIN_RPE && rpe <= MAX_RPE && Number.isInteger(rpe * 2)

export const readSet = (cells: SetCells): SetReading => {
  const weight = readNumber(cells.weight)
  const reps = readNumber(cells.reps)
  if (weight === undefined || reps === undefined) return { left: "unreadable number" }
  if (weight !== null && (weight < 0 || weight > MAX_WEIGHT)) return { left: "unreadable number" }
  if (reps !== null && (!Number.isInteger(reps) || reps < 0 || reps > MAX_REPS)) return { left: "unreadable number" }
  const blank = (value: number | null): boolean => value === null || (cells.zeroIsBlank && value === 0)
  if (blank(weight) && blank(reps)) return { left: cells.distanceOrTime ? "cardio" : "no reps or weight" }
  const rpe = readNumber(cells.rpe)
  return {
    set: {
      // -0 reads as 0: "-0" in a cell is a 0 someone typed.
      weight: weight === null ? null : weight + 0,
      unit: cells.unit,
      reps: reps === null ? null : reps + 0,
      rpe: rpe !== null && rpe !== undefined && isRpe(rpe) ? rpe : null
    }
  }
}

/** A distance or time cell holds more than nothing (Strong fills them with 0). */
export const isPositive = (text: string): boolean => {
  const value = readNumber(text)
  return value !== null && value !== undefined && value > 0
}

/** "kg", "kgs", "lb", "lbs" in any case; null for a blank or any other word. */
export const readUnit = (text: string): Unit | null => {
  const word = text.trim().toLowerCase()
  if (word === "kg" || word === "kgs") return "kg"
  if (word === "lb" || word === "lbs") return "lb"
  return null
}
