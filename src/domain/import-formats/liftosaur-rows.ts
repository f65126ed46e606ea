import type { FormatReader } from "./format-reader.ts"
import { MAX_EXERCISE_NAME_LENGTH, MAX_SESSION_TITLE_LENGTH } from "./import-bounds.ts"
import { readSet, readUnit } from "./set-reading.ts"
import { cell, sessionKey, storableText } from "./source-text.ts"
import { dayOfInstant, readInstant } from "./source-times.ts"

/*
 * Liftosaur's history export. The current header is "Workout DateTime,Program,Day Name,
 * Exercise,Is Warmup Set?,Required Reps,Completed Reps,Is AMRAP?,Required RPE,Completed RPE,
 * Log RPE?,Required Weight Value,Required Weight Unit,Completed Weight Value,Completed
 * Weight Unit,Ask Weight?,Completed Reps Time,Target Muscles,Synergist Muscles,Notes"; an
 * older one had "Equipment", "RPE", "Weight Value" and "Weight Unit" instead of the
 * required/completed pairs. Every set the program asked for is a row: what was done is the
 * completed reps and weight, and a row with neither was not done. Workout DateTime is a UTC
 * instant; its day is the lifter's, in the zone the reader is given.
 */

export const liftosaurRows: FormatReader = (columns, zone) => {
  const at = {
    start: columns.find("workout datetime"),
    program: columns.find("program"),
    day: columns.find("day name"),
    exercise: columns.find("exercise"),
    equipment: columns.find("equipment"),
    warmup: columns.find("is warmup set?", "is warmup set"),
    completedReps: columns.find("completed reps"),
    completedRpe: columns.find("completed rpe", "rpe"),
    completedWeight: columns.find("completed weight value"),
    completedUnit: columns.find("completed weight unit"),
    plannedWeight: columns.find("required weight value", "weight value"),
    plannedUnit: columns.find("required weight unit", "weight unit")
  }

  return (fields) => {
    const warmup = cell(fields, at.warmup).toLowerCase()
    if (warmup === "1" || warmup === "true") return { left: "warm-up" }
    const instant = readInstant(cell(fields, at.start))
    if (instant === undefined) return { left: "unreadable date" }
    const equipment = cell(fields, at.equipment)
    const name = cell(fields, at.exercise)
    // The older export names the equipment apart; a bench press on a barbell and one with
    // dumbbells are two exercises, as Strong and Hevy name them.
    const exercise = storableText(
      name !== "" && equipment !== "" ? `${name} (${equipment})` : name,
      MAX_EXERCISE_NAME_LENGTH
    )
    if (exercise === "") return { left: "missing exercise" }
    const reps = cell(fields, at.completedReps)
    const completedWeight = cell(fields, at.completedWeight)
    if (reps === "" && completedWeight === "") return { left: "not done" }
    // The current export writes the weight lifted apart from the one asked for; the older
    // one only the weight of the set, which is the weight it was done with.
    const done = completedWeight !== ""
    const reading = readSet({
      weight: done ? completedWeight : cell(fields, at.plannedWeight),
      reps,
      rpe: cell(fields, at.completedRpe),
      unit: readUnit(cell(fields, done ? at.completedUnit : at.plannedUnit)),
      distanceOrTime: false,
      zeroIsBlank: false
    })
    if ("left" in reading) return { left: reading.left }
    const startedAt = new Date(instant).toISOString()
    const dayName = cell(fields, at.day)
    const title = storableText(dayName !== "" ? dayName : cell(fields, at.program), MAX_SESSION_TITLE_LENGTH)
    return {
      session: {
        key: sessionKey("liftosaur", startedAt, dayName),
        date: dayOfInstant(instant, zone),
        startedAt,
        title: title === "" ? undefined : title
      },
      lift: { exercise, set: reading.set }
    }
  }
}
