import type { Unit } from "../units.ts"
import type { FormatReader } from "./format-reader.ts"
import { MAX_EXERCISE_NAME_LENGTH } from "./import-bounds.ts"
import { isPositive, readSet, readUnit } from "./set-reading.ts"
import { cell, type Columns, sessionKey, storableText } from "./source-text.ts"
import { readClockDuration, readIsoDay } from "./source-times.ts"

/*
 * FitNotes' export ("Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,
 * Time,Comment"; older ones name the unit in the column, "Weight (kgs)"). FitNotes keeps
 * days, not workouts: one session per date, with no start or name. Category "Cardio" rows
 * are cardio; a Time ("0:01:30") with no weight or reps is a timed hold, cardio too.
 */

const headerUnit = (columns: Columns): Unit | null =>
  columns.has("weight (kgs)") || columns.has("weight (kg)")
    ? "kg"
    : columns.has("weight (lbs)") || columns.has("weight (lb)")
      ? "lb"
      : null

export const fitnotesRows: FormatReader = (columns) => {
  const at = {
    date: columns.find("date"),
    exercise: columns.find("exercise"),
    category: columns.find("category"),
    weight: columns.find("weight", "weight (kgs)", "weight (kg)", "weight (lbs)", "weight (lb)"),
    weightUnit: columns.find("weight unit"),
    reps: columns.find("reps"),
    distance: columns.find("distance"),
    time: columns.find("time")
  }
  const unitOfHeader = headerUnit(columns)

  return (fields) => {
    if (cell(fields, at.category).toLowerCase() === "cardio") return { left: "cardio" }
    const date = readIsoDay(cell(fields, at.date))
    if (date === undefined) return { left: "unreadable date" }
    const exercise = storableText(cell(fields, at.exercise), MAX_EXERCISE_NAME_LENGTH)
    if (exercise === "") return { left: "missing exercise" }
    const reading = readSet({
      weight: cell(fields, at.weight),
      reps: cell(fields, at.reps),
      rpe: "",
      unit: at.weightUnit >= 0 ? readUnit(cell(fields, at.weightUnit)) : unitOfHeader,
      distanceOrTime: isPositive(cell(fields, at.distance)) || (readClockDuration(cell(fields, at.time)) ?? 0) > 0,
      zeroIsBlank: true
    })
    if ("left" in reading) return { left: reading.left }
    return {
      session: { key: sessionKey("fitnotes", date), date },
      lift: { exercise, set: reading.set }
    }
  }
}
