/**
 * The progress chart's numbers, from logged sets: one point a day (the day's best e1RM of
 * its done sets with weight and reps) in the viewer's unit, nothing after today, a PR only
 * when a day beats every earlier one, and exercises by the library id the rows name, never
 * by a part of a name.
 */
import { describe, expect, test } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import {
  doneAheadRows,
  loggedSet,
  oneDayRows,
  PROGRESS_TODAY,
  progressRows
} from "#machines/client-progress/client-progress.fixtures.ts"
import { showsExample } from "#domain/progress-example.ts"
import { parseProgressSearch } from "#domain/progress-search.ts"
import { progressSeries, spanOf } from "#machines/client-progress/client-progress.series.ts"

describe("an exercise's identity", () => {
  const series = progressSeries(progressRows, PROGRESS_TODAY, "lb")

  test("is the library id each row names: Front Squat is never Back Squat, an old 'Squat' row is", () => {
    expect(series.map((s) => s.key)).toEqual(["front-squat", "back-squat", "custom-3"])
    expect(series.find((s) => s.key === "back-squat")?.points[0]).toEqual({
      date: "2026-09-14",
      e1rm: 320.8,
      pr: false
    })
  })

  test("is named by its most recent counted row, a set dated after today not included", () => {
    expect(series.map((s) => s.name)).toEqual(["Front Squat", "Back Squat", "Sled Push Thing"])
    const renamed = loggedSet(90, "2026-11-18", "Back Squat (comp)", {
      exercise_id: "back-squat",
      weight: 100,
      reps: 1
    })
    expect(progressSeries([...progressRows, renamed], PROGRESS_TODAY, "lb")[0]).toMatchObject({
      key: "back-squat",
      name: "Back Squat (comp)"
    })
  })
})

describe("the series", () => {
  const series = progressSeries(progressRows, PROGRESS_TODAY, "lb")
  const squat = series.find((s) => s.key === "back-squat")

  test("lists what was logged with an estimate, the most recently logged first", () => {
    expect(series.map((s) => [s.name, s.latest.date, s.latest.e1rm])).toEqual([
      ["Front Squat", "2026-11-16", 262.5],
      ["Back Squat", "2026-11-02", 340],
      ["Sled Push Thing", "2026-10-12", 240]
    ])
  })

  test("one point a day, the day's best; skipped sets and sets after today never count", () => {
    expect(squat?.points).toEqual([
      { date: "2026-09-14", e1rm: 320.8, pr: false },
      { date: "2026-10-05", e1rm: 332.5, pr: true },
      { date: "2026-10-19", e1rm: 326.7, pr: false },
      { date: "2026-11-02", e1rm: 340, pr: true }
    ])
  })

  test("in kilograms: each set's weight converted from the unit it was logged in, PRs the same days", () => {
    const inKg = progressSeries(progressRows, PROGRESS_TODAY, "kg").find((s) => s.key === "back-squat")
    expect(inKg?.points).toEqual([
      { date: "2026-09-14", e1rm: 145.5, pr: false },
      { date: "2026-10-05", e1rm: 150.8, pr: true },
      { date: "2026-10-19", e1rm: 148.2, pr: false },
      { date: "2026-11-02", e1rm: 154.2, pr: true }
    ])
  })

  test("a day tying the best so far is no PR, and a single day is none either", () => {
    const tie = [
      loggedSet(1, "2026-11-01", "Deadlift", { weight: 400, reps: 1, rir: 0 }),
      loggedSet(2, "2026-11-08", "Deadlift", { weight: 400, reps: 1, rir: 0 })
    ]
    expect(progressSeries(tie, PROGRESS_TODAY, "lb")[0]?.points.map((p) => p.pr)).toEqual([false, false])
    expect(progressSeries(oneDayRows, PROGRESS_TODAY, "lb")[0]?.points).toEqual([
      { date: "2026-11-16", e1rm: 228.2, pr: false }
    ])
  })

  test("an older set logged with RPE is estimated as its RIR", () => {
    const rpe = loggedSet(1, "2026-11-01", "Bench Press", { weight: 200, reps: 5, rpe: 8 })
    expect(progressSeries([rpe], PROGRESS_TODAY, "lb")[0]?.latest.e1rm).toBe(246.7)
  })

  test("nothing logged, nothing listed", () => {
    expect(progressSeries([], PROGRESS_TODAY, "lb")).toEqual([])
  })
})

describe("work done ahead of its date (docs/decisions/042)", () => {
  test("is plotted on the day it was done, a PR that day, never on the workout's future date", () => {
    const [bench] = progressSeries(doneAheadRows, PROGRESS_TODAY, "lb")
    expect(bench?.points).toEqual([
      { date: "2026-11-10", e1rm: 215.8, pr: false },
      { date: PROGRESS_TODAY, e1rm: 228.2, pr: true }
    ])
    expect(bench?.latest.date).toBe(PROGRESS_TODAY)
  })

  test("a set done after today (by its day done) is left out, whatever its workout's date", () => {
    const later = loggedSet(91, "2026-11-19", "Bench Press", { weight: 300, reps: 1, done_on: "2026-11-21" })
    expect(progressSeries([...doneAheadRows, later], PROGRESS_TODAY, "lb")[0]?.latest.e1rm).toBe(228.2)
  })
})

describe("the example chart", () => {
  test("only for someone who never did a set: sets in the range, or before it, are their own data", () => {
    expect(showsExample({ rows: [], loggedBefore: false })).toBe(true)
    expect(showsExample({ rows: [], loggedBefore: true })).toBe(false)
    expect(showsExample({ rows: doneAheadRows, loggedBefore: false })).toBe(false)
  })
})

describe("the span read", () => {
  test.each([
    ["3m", "2026-08-21"],
    ["6m", "2026-05-22"],
    ["1y", "2025-11-20"]
  ] as const)("%s reads from %s to today, never after it", (range, from) => {
    expect(spanOf(PROGRESS_TODAY, range)).toEqual({ from: from as IsoDate, to: PROGRESS_TODAY })
  })
})

describe("the address", () => {
  test.each([
    [{}, {}],
    [
      { exercise: "front-squat", range: "1y" },
      { exercise: "front-squat", range: "1y" }
    ],
    [{ exercise: "", range: "2y" }, {}],
    [{ lift: "squat" }, { exercise: "back-squat" }],
    [{ lift: "bench press" }, { exercise: "bench-press" }],
    [
      { lift: "deadlift", range: "3m" },
      { exercise: "deadlift", range: "3m" }
    ],
    [{ lift: "curl" }, {}],
    [{ exercise: "sled push thing", lift: "squat" }, { exercise: "sled push thing" }]
  ])("%j -> %j", (search, parsed) => {
    expect(parseProgressSearch(search)).toEqual(parsed)
  })
})
