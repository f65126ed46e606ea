// The progress page's address (?exercise=back-squat&range=1y), read on every first load
// of /client/progress: plain values only, no Effect and no catalogue.

export const PROGRESS_RANGES = ["3m", "6m", "1y"] as const
export type ProgressRange = (typeof PROGRESS_RANGES)[number]
export const DEFAULT_RANGE: ProgressRange = "6m"

export const isProgressRange = (value: unknown): value is ProgressRange =>
  (PROGRESS_RANGES as ReadonlyArray<unknown>).includes(value)

/** What the old address (?lift=squat, the three fixed lifts) meant, as catalogue ids. */
const OLD_LIFTS: Readonly<Record<string, string>> = {
  squat: "back-squat",
  "bench press": "bench-press",
  deadlift: "deadlift"
}

export interface ProgressSearch {
  readonly exercise?: string
  readonly range?: ProgressRange
}

/** The search parameters kept: a non-empty exercise, a known range; an old `lift` link becomes its exercise. */
export const parseProgressSearch = (search: Record<string, unknown>): ProgressSearch => {
  const asked = search["exercise"]
  const lift = search["lift"]
  const exercise =
    typeof asked === "string" && asked.trim() !== "" ? asked : typeof lift === "string" ? OLD_LIFTS[lift] : undefined
  const range = search["range"]
  return {
    ...(exercise === undefined ? {} : { exercise }),
    ...(isProgressRange(range) ? { range } : {})
  }
}
