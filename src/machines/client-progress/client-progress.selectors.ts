import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatShortUsDate, type IsoDate } from "#domain/calendar.ts"
import { formatLoad, unitLabel, type Unit } from "#domain/units.ts"
import { exampleFor, examplePoints, EXAMPLE_EXERCISES, showsExample } from "#domain/progress-example.ts"
import type { ClientProgressMachine } from "./client-progress.machine.ts"
import { PROGRESS_RANGES, type ProgressRange } from "#domain/progress-search.ts"
import { progressSeries, RANGE_LABELS, type ExerciseSeries } from "./client-progress.series.ts"

export type ClientProgressSnapshot = SnapshotFrom<ClientProgressMachine>
export type ClientProgressActorRef = ActorRefFrom<ClientProgressMachine>

export const PROGRESS_NOT_LOADED = "We couldn't load your progress."
export const ESTIMATE_NOTE =
  "Estimated one-rep max (e1RM), worked out from the weight, reps and effort you logged: not a tested max. A workout done ahead of its date counts on the day you did it."

/** One point as the chart draws it. */
export interface ChartPoint {
  /** Oldest first; the chart's x axis. Null for SPEC's example points, which are labels only. */
  readonly date: IsoDate | null
  /** "Nov 2" */
  readonly label: string
  /** e1RM in the client's unit */
  readonly value: number
  readonly pr: boolean
}

export interface PickerOption {
  readonly value: string
  readonly label: string
}

export type ProgressView =
  | { readonly status: "loading"; readonly range: ProgressRange; readonly ranges: ReadonlyArray<PickerOption> }
  | {
      readonly status: "failed"
      readonly range: ProgressRange
      readonly ranges: ReadonlyArray<PickerOption>
      readonly error: string
    }
  | {
      readonly status: "showing"
      readonly range: ProgressRange
      readonly ranges: ReadonlyArray<PickerOption>
      /** SPEC's sample data, because the client has never done a set (docs/decisions/042). */
      readonly isExample: boolean
      /** "Exercise", or SPEC's "Lift" for the example. */
      readonly pickerLabel: string
      readonly exercises: ReadonlyArray<PickerOption>
      readonly exercise: string
      readonly exerciseName: string
      readonly points: ReadonlyArray<ChartPoint>
      /**
       * Why there is no chart of their own: "No sets logged in the last 6 months." (above the
       * example, or alone for someone whose sets are older), or no estimate in the range; null
       * with a chart of their own.
       */
      readonly emptyText: string | null
      readonly exampleText: string | null
      /** "Estimated e1RM PRs: Nov 2 — 331 lbs, ..." or null without a PR. */
      readonly prText: string | null
      /** What the numbers are: estimates from logged sets, not tested maxes; null for the example. */
      readonly estimateNote: string | null
      /** What a screen reader hears instead of the picture. */
      readonly summary: string
      /** The chart's accessible name. */
      readonly chartLabel: string
      /** The e1RM axis, said to be an estimate: "Estimated e1RM (lbs)" or "Estimated e1RM (kg)". */
      readonly axisLabel: string
      /** The unit's word after a number: "lbs" or "kg". */
      readonly unitText: string
    }

const RANGE_OPTIONS: ReadonlyArray<PickerOption> = PROGRESS_RANGES.map((range) => ({
  value: range,
  label: RANGE_LABELS[range]
}))

const chartPoints = (series: ExerciseSeries): ReadonlyArray<ChartPoint> =>
  series.points.map((point) => ({
    date: point.date,
    label: formatShortUsDate(point.date),
    value: point.e1rm,
    pr: point.pr
  }))

const summaryOf = (series: ExerciseSeries, rangeLabel: string, unit: Unit): string => {
  const lbs = (value: number): string => formatLoad(value, unit)
  const first = series.points[0]
  const days = series.points.length
  const prs = series.points.filter((point) => point.pr).length
  const from = first === undefined ? "" : `from ${lbs(first.e1rm)} on ${formatShortUsDate(first.date)} `
  return days === 1
    ? `${series.name}: one day logged in the last ${rangeLabel}, estimated e1RM ${lbs(series.latest.e1rm)} on ${formatShortUsDate(series.latest.date)}.`
    : `${series.name}: ${days} days logged in the last ${rangeLabel}, estimated e1RM ${from}to ${lbs(series.latest.e1rm)} on ${formatShortUsDate(series.latest.date)}, ${prs === 1 ? "1 PR" : `${prs} PRs`}.`
}

export const selectProgress = (snapshot: ClientProgressSnapshot): ProgressView => {
  const { range, rows, today, exercise, unit } = snapshot.context
  const load = (value: number): string => formatLoad(value, unit)
  const units = { axisLabel: `Estimated e1RM (${unitLabel(unit)})`, unitText: unitLabel(unit) }
  const base = { range, ranges: RANGE_OPTIONS }
  if (snapshot.matches("loading")) return { status: "loading", ...base }
  if (snapshot.matches("failed"))
    return { status: "failed", ...base, error: `${PROGRESS_NOT_LOADED} ${snapshot.context.failure ?? ""}`.trim() }
  const rangeLabel = RANGE_LABELS[range]
  const logged = progressSeries(rows, today, unit)
  const shown = logged.find((series) => series.key === exercise) ?? logged[0]
  if (shown === undefined && !showsExample(snapshot.context)) {
    // Their own data is older than the range, or holds no estimate: said, never an example.
    return {
      status: "showing",
      ...base,
      isExample: false,
      pickerLabel: "Exercise",
      exercises: [],
      exercise: "",
      exerciseName: "",
      points: [],
      emptyText:
        rows.length === 0
          ? `No sets logged in the last ${rangeLabel}. Pick a longer range to see your earlier sets.`
          : `No estimated e1RM in the last ${rangeLabel}: log a weight and reps to see one.`,
      exampleText: null,
      prText: null,
      estimateNote: null,
      summary: `No estimated e1RM in the last ${rangeLabel}.`,
      chartLabel: "",
      ...units
    }
  }
  if (shown === undefined) {
    const example = exampleFor(exercise)
    const sample = examplePoints(example, unit)
    return {
      status: "showing",
      ...base,
      isExample: true,
      pickerLabel: "Lift",
      exercises: EXAMPLE_EXERCISES.map((option) => ({ value: option.key, label: option.label })),
      exercise: example.key,
      exerciseName: example.label,
      points: sample.map((point) => ({ date: null, label: point.name, value: point.value, pr: false })),
      emptyText: `No sets logged in the last ${rangeLabel}.`,
      exampleText: `Example data: log ${example.label} sets to see your own progress.`,
      prText: null,
      estimateNote: null,
      summary: `Example data for ${example.label}, not yours: estimated e1RM from ${load(sample[0]?.value ?? 0)} to ${load(sample.at(-1)?.value ?? 0)}.`,
      chartLabel: `${example.label} estimated one-rep max (${units.unitText}), example data`,
      ...units
    }
  }
  const prs = shown.points.filter((point) => point.pr)
  return {
    status: "showing",
    ...base,
    isExample: false,
    pickerLabel: "Exercise",
    exercises: logged.map((series) => ({ value: series.key, label: series.name })),
    exercise: shown.key,
    exerciseName: shown.name,
    points: chartPoints(shown),
    emptyText: null,
    exampleText: null,
    prText:
      prs.length === 0
        ? null
        : `Estimated e1RM PRs: ${prs.map((point) => `${formatShortUsDate(point.date)} — ${load(point.e1rm)}`).join(", ")}`,
    estimateNote: ESTIMATE_NOTE,
    summary: summaryOf(shown, rangeLabel, unit),
    chartLabel: `${shown.name} estimated one-rep max (${units.unitText})`,
    ...units
  }
}

/** Whether a failure can be read again (the button's enabled-ness). */
export const canRetry = (snapshot: ClientProgressSnapshot): boolean => snapshot.can({ type: "progress.retry" })
