import type { Unit } from "../units.ts"
import type { FormatReader } from "./format-reader.ts"
import { MAX_EXERCISE_NAME_LENGTH, MAX_SESSION_TITLE_LENGTH } from "./import-bounds.ts"
import { isPositive, readSet, readUnit } from "./set-reading.ts"
import { cell, type Columns, sessionKey, storableText } from "./source-text.ts"
import { instantOfWallClock, readSecondsCount, readSpokenDuration, readStrongDateTime } from "./source-times.ts"

/*
 * Strong's export, in each of its shapes (docs/import-export.md): the comma form with no
 * unit ("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,..."), the
 * semicolon form with a "Weight Unit" column and "Workout Duration", and the forms that
 * put the unit in the weight column's name ("Weight (kg)", or just "lbs"). A session is
 * its start to the second and its name. "Set Order" is a number, or W (warm-up), D (drop
 * set) or F (failure), or "Rest Timer" for a rest that is no set at all.
 */

const KG_WEIGHT = ["weight (kg)", "weight (kgs)", "kg", "kgs"]
const LB_WEIGHT = ["weight (lbs)", "weight (lb)", "lbs", "lb"]
const DISTANCE = ["distance", "distance (meters)", "distance (m)", "distance (km)", "distance (miles)", "distance (mi)"]

/** The unit a weight column's name gives, when it gives one. */
const headerUnit = (columns: Columns): Unit | null =>
  KG_WEIGHT.some(columns.has) ? "kg" : LB_WEIGHT.some(columns.has) ? "lb" : null

export const strongRows: FormatReader = (columns, zone) => {
  const at = {
    date: columns.find("date"),
    workout: columns.find("workout name"),
    spokenDuration: columns.find("duration", "workout duration"),
    secondsDuration: columns.find("duration (sec)"),
    exercise: columns.find("exercise name"),
    setOrder: columns.find("set order"),
    weight: columns.find("weight", ...KG_WEIGHT, ...LB_WEIGHT),
    weightUnit: columns.find("weight unit"),
    reps: columns.find("reps"),
    rpe: columns.find("rpe"),
    distance: columns.find(...DISTANCE, "mi.", "mi", "km"),
    seconds: columns.find("seconds")
  }
  const unitOfHeader = headerUnit(columns)

  return (fields) => {
    const setOrder = cell(fields, at.setOrder).toLowerCase()
    const exerciseText = cell(fields, at.exercise)
    if (setOrder === "rest timer" || exerciseText.toLowerCase() === "rest timer") return { left: "rest timer" }
    if (setOrder === "w") return { left: "warm-up" }
    const start = readStrongDateTime(cell(fields, at.date))
    if (start === undefined) return { left: "unreadable date" }
    const exercise = storableText(exerciseText, MAX_EXERCISE_NAME_LENGTH)
    if (exercise === "") return { left: "missing exercise" }
    const reading = readSet({
      weight: cell(fields, at.weight),
      reps: cell(fields, at.reps),
      rpe: cell(fields, at.rpe),
      unit: at.weightUnit >= 0 ? readUnit(cell(fields, at.weightUnit)) : unitOfHeader,
      distanceOrTime: isPositive(cell(fields, at.distance)) || isPositive(cell(fields, at.seconds)),
      zeroIsBlank: true
    })
    if ("left" in reading) return { left: reading.left }
    const workout = cell(fields, at.workout)
    const title = storableText(workout, MAX_SESSION_TITLE_LENGTH)
    return {
      session: {
        key: sessionKey("strong", start.text, workout),
        date: start.date,
        startedAt: instantOfWallClock(start, zone),
        durationSeconds:
          at.secondsDuration >= 0
            ? readSecondsCount(cell(fields, at.secondsDuration))
            : readSpokenDuration(cell(fields, at.spokenDuration)),
        title: title === "" ? undefined : title
      },
      // D (drop set), F (failure) and any other tag are lifts without a number.
      lift: { exercise, ordinal: /^\d+$/.test(setOrder) ? Number(setOrder) : undefined, set: reading.set }
    }
  }
}
