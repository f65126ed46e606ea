import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { type WorkoutRow, datesWithRows, exerciseNames, groupRowsByDate, nextScheduledDay } from "#domain/workout.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

let nextId = 1
const row = (date: string, workout_order: number, exercise_order: number, set: number, exercise: string): WorkoutRow =>
  workoutRowFixture({ id: nextId++, date, workout_order, exercise_order, set, exercise, reps: 5, rir: 2 })

/** Few dates and orders so that groups actually collide. */
const collidingRows = fc.array(
  A.workoutRow(fc.constantFrom("2023-03-01", "2023-03-08", "2023-02-22").map((d) => d as IsoDate)).map((r) => ({
    ...r,
    workout_order: r.workout_order % 3,
    exercise_order: r.exercise_order % 3,
    set: r.set % 4
  })),
  { maxLength: 40 }
)

describe("grouping rows by date, workout and exercise", () => {
  it("rows in any order come out as days, workouts, exercises and sets in order", () => {
    const rows = [
      row("2023-03-08", 0, 1, 1, "Bench Press"),
      row("2023-03-01", 0, 0, 0, "Squat"),
      row("2023-03-08", 0, 1, 0, "Bench Press"),
      row("2023-03-08", 1, 0, 0, "Deadlift"),
      row("2023-03-08", 0, 0, 0, "Squat")
    ]
    const grouped = groupRowsByDate(rows)
    expect(Object.keys(grouped)).toEqual(["2023-03-01", "2023-03-08"])
    const day = defined(grouped["2023-03-08" as IsoDate])
    expect(day.map((w) => w.workout_order)).toEqual([0, 1])
    expect(defined(day[0]).exercises.map((e) => e.name)).toEqual(["Squat", "Bench Press"])
    expect(defined(defined(day[0]).exercises[1]).sets.map((s) => s.set)).toEqual([0, 1])
    expect(defined(day[1]).exercises.map((e) => e.name)).toEqual(["Deadlift"])
  })

  it("no rows means no days", () => {
    expect(groupRowsByDate([])).toEqual({})
  })

  it("every row lands exactly once, under its own date, workout and exercise", () => {
    fc.assert(
      fc.property(collidingRows, (rows) => {
        const grouped = groupRowsByDate(rows)
        const placed = Object.entries(grouped).flatMap(([date, workouts]) =>
          workouts.flatMap((w) =>
            w.exercises.flatMap((e) =>
              e.sets.map((s) => {
                expect([s.date, s.workout_order, s.exercise_order]).toEqual([date, w.workout_order, e.exercise_order])
                return s
              })
            )
          )
        )
        expect(placed).toHaveLength(rows.length)
        expect(new Set(placed)).toEqual(new Set(rows))
      }),
      A.RUNS
    )
  })

  it("each level is strictly ordered and sets are in set order", () => {
    const increasing = (xs: ReadonlyArray<number | string>) => xs.slice(1).every((x, i) => defined(xs[i]) < x)
    fc.assert(
      fc.property(collidingRows, (rows) => {
        const grouped = groupRowsByDate(rows)
        expect(increasing(Object.keys(grouped))).toBe(true)
        for (const workouts of Object.values(grouped)) {
          expect(increasing(workouts.map((w) => w.workout_order))).toBe(true)
          for (const w of workouts) {
            expect(increasing(w.exercises.map((e) => e.exercise_order))).toBe(true)
            for (const e of w.exercises) {
              const sets = e.sets.map((s) => s.set)
              expect(sets).toEqual([...sets].sort((a, b) => a - b))
              expect(e.name).toBe(defined(e.sets[0]).exercise)
            }
          }
        }
      }),
      A.RUNS
    )
  })

  it("rows that tie on every key keep their input order", () => {
    fc.assert(
      fc.property(collidingRows, (rows) => {
        const grouped = groupRowsByDate(rows)
        for (const workouts of Object.values(grouped)) {
          for (const e of workouts.flatMap((w) => w.exercises)) {
            for (let i = 1; i < e.sets.length; i++) {
              const [a, b] = [defined(e.sets[i - 1]), defined(e.sets[i])]
              if (a.set === b.set) expect(rows.indexOf(a)).toBeLessThan(rows.indexOf(b))
            }
          }
        }
      }),
      A.RUNS
    )
  })

  it("the grouping does not depend on the order rows arrive in when keys are distinct", () => {
    fc.assert(
      fc.property(
        collidingRows.map((rows) => {
          const seen = new Set<string>()
          return rows.filter((r) => {
            const key = `${r.date}|${r.workout_order}|${r.exercise_order}|${r.set}`
            return seen.has(key) ? false : (seen.add(key), true)
          })
        }),
        fc.func(fc.integer()),
        (rows, rank) => {
          const shuffled = [...rows].sort((a, b) => rank(a.id) - rank(b.id))
          expect(JSON.stringify(groupRowsByDate(shuffled))).toBe(JSON.stringify(groupRowsByDate(rows)))
        }
      ),
      A.RUNS
    )
  })

  it("days with rows are the calendar markers", () => {
    fc.assert(
      fc.property(collidingRows, (rows) => {
        expect([...datesWithRows(rows)].sort()).toEqual(Object.keys(groupRowsByDate(rows)))
      }),
      A.RUNS
    )
  })
})

describe("the next workout on the client dashboard", () => {
  it("is the earliest day on or after today, with that day's exercise names", () => {
    const rows = [
      row("2023-03-01", 0, 0, 0, "Old Squat"),
      row("2023-03-15", 0, 0, 0, "Later Squat"),
      row("2023-03-08", 0, 1, 0, "Bench Press"),
      row("2023-03-08", 0, 0, 0, "Squat")
    ]
    const next = nextScheduledDay(rows, "2023-03-05" as IsoDate)
    expect(next?.date).toBe("2023-03-08")
    expect(exerciseNames(defined(next).workouts)).toEqual(["Squat", "Bench Press"])
    expect(nextScheduledDay(rows, "2023-03-08" as IsoDate)?.date).toBe("2023-03-08")
  })

  it("is nothing when every workout is in the past", () => {
    expect(nextScheduledDay([row("2023-03-01", 0, 0, 0, "Squat")], "2023-03-02" as IsoDate)).toBeUndefined()
    expect(nextScheduledDay([], "2023-03-02" as IsoDate)).toBeUndefined()
  })

  it("matches the first grouped day on or after today for any rows", () => {
    fc.assert(
      fc.property(fc.array(A.workoutRow(), { maxLength: 15 }), A.isoDate, (rows, today) => {
        const expectedDate = Object.keys(groupRowsByDate(rows)).find((d) => d >= today)
        const next = nextScheduledDay(rows, today)
        expect(next?.date).toBe(expectedDate)
        if (next) expect(next.workouts).toEqual(groupRowsByDate(rows)[next.date])
      }),
      A.RUNS
    )
  })
})
