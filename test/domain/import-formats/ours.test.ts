import { describe, expect, it } from "vitest"
import { MAX_EXERCISES_PER_SESSION, MAX_SETS_PER_EXERCISE } from "#domain/import-formats/import-bounds.ts"
import { makeLogbookReader } from "#domain/import-formats/logbook-reader.ts"
import { OUR_CSV_HEADER } from "#domain/import-formats/history-export.ts"
import { readFixture, readLogbookText } from "./read-logbook.ts"

/* Our own export read back (docs/import-export.md): the session column is the key. */

describe("our own export", () => {
  const logbook = readFixture("ours.csv")

  it("keeps each session's key, its exercises' library ids, and sets as written", () => {
    expect(logbook.source).toBe("ours")
    expect(logbook.sessions).toEqual([
      {
        key: "ours:2024-05-01:0",
        date: "2024-05-01",
        startedAt: "2024-05-01T17:00:00.000Z",
        durationSeconds: 3600,
        title: "Heavy, then light",
        exercises: [
          {
            name: "Back Squat",
            exerciseId: "back-squat",
            sets: [
              { weight: 140, unit: "kg", reps: 5, rpe: 8 },
              { weight: 140, unit: "kg", reps: 5, rpe: 8.5 }
            ]
          },
          // Set 1 again: the same exercise a second time in the workout.
          { name: "Back Squat", exerciseId: "back-squat", sets: [{ weight: 100, unit: "kg", reps: 10, rpe: null }] },
          { name: 'My "odd", lift', sets: [{ weight: null, unit: "kg", reps: 12, rpe: null }] }
        ]
      },
      {
        key: "ours:2024-05-01:1",
        date: "2024-05-01",
        startedAt: undefined,
        durationSeconds: undefined,
        title: "Evening",
        exercises: [{ name: "Curl", sets: [{ weight: 30, unit: "lb", reps: 12, rpe: null }] }]
      },
      {
        // An imported session keeps the key it came with.
        key: "strong:2024-05-02T07:00:00:Push, Heavy",
        date: "2024-05-02",
        startedAt: "2024-05-02T05:00:00.000Z",
        durationSeconds: 2700,
        title: "Push, Heavy",
        exercises: [{ name: "Bench Press (Barbell)", sets: [{ weight: 100, unit: "kg", reps: 5, rpe: null }] }]
      },
      {
        key: "ours:2024-05-04:0",
        date: "2024-05-04",
        startedAt: undefined,
        durationSeconds: undefined,
        title: "X",
        // "BAD ID" is no library id: the exercise is read by its name alone.
        exercises: [{ name: "Curl", sets: [{ weight: 30, unit: "lb", reps: 12, rpe: null }] }]
      }
    ])
  })

  it("leaves empty sets, keys from nowhere and unreadable days", () => {
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [8, "no reps or weight"],
      [9, "unreadable session"],
      [10, "unreadable date"]
    ])
  })

  it("names a session by its day and workout when the session column is blank", () => {
    const { logbook: edited } = readLogbookText(`${OUR_CSV_HEADER}2024-05-01,,Legs,,,Squat,,1,100,kg,5,\n`)
    expect(edited?.sessions[0]?.key).toBe("ours:2024-05-01:Legs")
  })
})

describe("the wire's bounds", () => {
  const header = OUR_CSV_HEADER.trimEnd().split(",")
  const row = (exercise: string, set: number) => [
    "2024-05-01",
    "ours:2024-05-01:0",
    "A",
    "",
    "",
    exercise,
    "",
    String(set),
    "100",
    "kg",
    "5",
    ""
  ]

  it("keeps the first 100 sets of an exercise and leaves the rest over the limit", () => {
    const reader = makeLogbookReader("ours", header)
    for (let set = 1; set <= MAX_SETS_PER_EXERCISE + 2; set += 1) reader.row(row("Squat", set), set + 1)
    const logbook = reader.finish()
    expect(logbook.sessions[0]?.exercises[0]?.sets).toHaveLength(MAX_SETS_PER_EXERCISE)
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [MAX_SETS_PER_EXERCISE + 2, "over the limit"],
      [MAX_SETS_PER_EXERCISE + 3, "over the limit"]
    ])
  })

  it("keeps the first 60 exercises of a session and leaves the rest over the limit", () => {
    const reader = makeLogbookReader("ours", header)
    for (let n = 1; n <= MAX_EXERCISES_PER_SESSION + 1; n += 1) reader.row(row(`Lift ${n}`, 1), n + 1)
    const logbook = reader.finish()
    expect(logbook.sessions[0]?.exercises).toHaveLength(MAX_EXERCISES_PER_SESSION)
    expect(logbook.left).toEqual([
      {
        line: MAX_EXERCISES_PER_SESSION + 2,
        reason: "over the limit",
        excerpt: "2024-05-01, ours:2024-05-01:0, A, Lift 61, 1, 100, kg, 5"
      }
    ])
  })

  it("reads a row of blank cells as a blank line, and a short row's missing cells as blank", () => {
    const reader = makeLogbookReader("ours", header)
    reader.row(["", " ", ""], 2)
    reader.row(["2024-05-01", "ours:2024-05-01:0", "A", "", "", "Squat", "", "1", "100", "kg"], 3)
    const logbook = reader.finish()
    expect(logbook.left).toEqual([])
    expect(logbook.sessions[0]?.exercises[0]?.sets).toEqual([{ weight: 100, unit: "kg", reps: null, rpe: null }])
  })
})
