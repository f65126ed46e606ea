import type { RestSeconds } from "./exercise-details.ts"
import type { Unit } from "./units.ts"
import type { NotationExercise, NotationLabel, NotationSetGroup, ReadNotationLine } from "./workout-notation-types.ts"

/*
 * The canonical text of parsed notation (docs/workout-notation.md): "x" between sets and reps,
 * upper-case keywords, one space before each value, loads in a fixed order (% of max, % of
 * e1RM, weight, backoff, RPE, AMSAP), a weight's unit only where it is not the coach's,
 * then the exercise's tempo, rest and " # note". Reading it back with the same unit gives
 * the same lines.
 */

// Values carry at most two decimals (the reader refuses more), so String never
// falls into exponent form and reads back to the same number.
const number = (value: number): string => String(value)

export const printNotationLabel = (label: NotationLabel): string => `${label.letter}${label.order}`

export const printNotationSetGroup = (group: NotationSetGroup, unit: Unit): string => {
  const parts = [`${group.count}x${group.reps}`]
  if (group.max_percent !== undefined) parts.push(`@${number(group.max_percent)}%`)
  if (group.e1rm_percent !== undefined) parts.push(`@${number(group.e1rm_percent)}%e1RM`)
  if (group.weight !== undefined)
    parts.push(`@${number(group.weight.value)}${group.weight.unit === unit ? "" : group.weight.unit}`)
  if (group.backoff_percent !== undefined) parts.push(`-${number(group.backoff_percent)}%`)
  if (group.rpe !== undefined) parts.push(`@RPE${number(group.rpe)}`)
  if (group.amsap) parts.push("AMSAP")
  return parts.join(" ")
}

/** "rest 0", "rest 45s", "rest 2m", "rest 1:30". */
export const printNotationRest = (seconds: RestSeconds): string => {
  if (seconds === 0) return "rest 0"
  if (seconds < 60) return `rest ${seconds}s`
  const rest = seconds % 60
  return rest === 0 ? `rest ${seconds / 60}m` : `rest ${Math.floor(seconds / 60)}:${String(rest).padStart(2, "0")}`
}

export const printNotationExercise = (exercise: NotationExercise, unit: Unit): string => {
  const label = exercise.label === undefined ? "" : `${printNotationLabel(exercise.label)} `
  const sets = exercise.setGroups.map((group) => printNotationSetGroup(group, unit)).join(", ")
  const details = [
    exercise.tempo === undefined ? null : `tempo ${exercise.tempo}`,
    exercise.rest_seconds === undefined ? null : printNotationRest(exercise.rest_seconds),
    exercise.note === undefined ? null : `# ${exercise.note}`
  ].flatMap((part) => (part === null ? [] : [` ${part}`]))
  return `${label}${exercise.name} ${sets}${details.join("")}`
}

/**
 * One line per line read: "Title: …", or the exercises joined by " / ". A note runs to the
 * end of its line, so only a line's last exercise may carry one.
 */
export const printNotation = (lines: ReadonlyArray<ReadNotationLine>, unit: Unit): string =>
  lines
    .map((line) =>
      line._tag === "Title"
        ? `Title: ${line.title}`
        : line.exercises.map((exercise) => printNotationExercise(exercise, unit)).join(" / ")
    )
    .join("\n")
