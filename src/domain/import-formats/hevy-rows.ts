import type { FormatReader } from "./format-reader.ts"
import { MAX_EXERCISE_NAME_LENGTH, MAX_SESSION_TITLE_LENGTH } from "./import-bounds.ts"
import { isPositive, readSet } from "./set-reading.ts"
import { cell, sessionKey, storableText } from "./source-text.ts"
import { instantOfWallClock, readHevyDateTime, secondsBetween } from "./source-times.ts"

/*
 * Hevy's export ("title,start_time,end_time,description,exercise_title,superset_id,
 * exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"): the
 * unit is in the weight column's name (weight_kg or weight_lbs), the start is the lifter's
 * wall clock ("15 Jan 2024, 18:03"), and set_type says warmup, normal, dropset or failure.
 * A session is its start and title. set_index starts at 0 for each exercise.
 */

export const hevyRows: FormatReader = (columns, zone) => {
  const at = {
    title: columns.find("title"),
    start: columns.find("start time"),
    end: columns.find("end time"),
    exercise: columns.find("exercise title"),
    setIndex: columns.find("set index"),
    setType: columns.find("set type"),
    weightKg: columns.find("weight kg"),
    weightLbs: columns.find("weight lbs"),
    reps: columns.find("reps"),
    distance: columns.find("distance km", "distance miles"),
    duration: columns.find("duration seconds"),
    rpe: columns.find("rpe")
  }

  return (fields) => {
    if (cell(fields, at.setType).toLowerCase() === "warmup") return { left: "warm-up" }
    const start = readHevyDateTime(cell(fields, at.start))
    if (start === undefined) return { left: "unreadable date" }
    const exercise = storableText(cell(fields, at.exercise), MAX_EXERCISE_NAME_LENGTH)
    if (exercise === "") return { left: "missing exercise" }
    // One weight column in every real export; were there both, the one with a number speaks.
    const kg = cell(fields, at.weightKg)
    const inKg = at.weightKg >= 0 && (kg !== "" || at.weightLbs < 0)
    const reading = readSet({
      weight: inKg ? kg : cell(fields, at.weightLbs),
      reps: cell(fields, at.reps),
      rpe: cell(fields, at.rpe),
      unit: inKg ? "kg" : at.weightLbs >= 0 ? "lb" : null,
      distanceOrTime: isPositive(cell(fields, at.distance)) || isPositive(cell(fields, at.duration)),
      zeroIsBlank: true
    })
    if ("left" in reading) return { left: reading.left }
    const end = readHevyDateTime(cell(fields, at.end))
    const titleText = cell(fields, at.title)
    const title = storableText(titleText, MAX_SESSION_TITLE_LENGTH)
    const setIndex = cell(fields, at.setIndex)
    return {
      session: {
        key: sessionKey("hevy", start.text, titleText),
        date: start.date,
        startedAt: instantOfWallClock(start, zone),
        durationSeconds: end === undefined ? undefined : secondsBetween(start, end),
        title: title === "" ? undefined : title
      },
      lift: { exercise, ordinal: /^\d+$/.test(setIndex) ? Number(setIndex) : undefined, set: reading.set }
    }
  }
}
