import { describe, expect, it } from "vitest"
import { readFixture, readLogbookText } from "./read-logbook.ts"

/* FitNotes' export: one session a day, the unit per row or in the weight column's name (docs/import-export.md). */

describe("FitNotes' export", () => {
  const logbook = readFixture("fitnotes.csv")

  it("makes one session per date, each set in its own row's unit", () => {
    expect(logbook.source).toBe("fitnotes")
    expect(logbook.sessions).toEqual([
      {
        key: "fitnotes:2024-06-01",
        date: "2024-06-01",
        startedAt: undefined,
        durationSeconds: undefined,
        title: undefined,
        exercises: [
          {
            name: "Flat Barbell Bench Press",
            sets: [
              { weight: 100, unit: "kg", reps: 5, rpe: null },
              { weight: 100, unit: "kg", reps: 5, rpe: null }
            ]
          },
          { name: "Dumbbell Curl, Seated", sets: [{ weight: 40, unit: "lb", reps: 12, rpe: null }] },
          { name: "Pull Up", sets: [{ weight: 0, unit: "kg", reps: 8, rpe: null }] },
          { name: "Flat Barbell Bench Press", sets: [{ weight: 80, unit: "kg", reps: 8, rpe: null }] }
        ]
      },
      {
        key: "fitnotes:2024-06-03",
        date: "2024-06-03",
        startedAt: undefined,
        durationSeconds: undefined,
        title: undefined,
        exercises: [
          {
            name: "Barbell Squat",
            sets: [
              { weight: 225, unit: "lb", reps: 5, rpe: null },
              // "stone" is no unit the app keeps: the lifter is asked, the set stays.
              { weight: 225, unit: null, reps: 5, rpe: null }
            ]
          }
        ]
      }
    ])
  })

  it("leaves cardio, timed holds, empty rows and days in another spelling", () => {
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [5, "cardio"],
      [6, "cardio"],
      [10, "no reps or weight"],
      [12, "unreadable date"]
    ])
  })

  it("reads the older header that names the unit in the weight column", () => {
    const { source, logbook: older } = readLogbookText(
      "Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time\n2019-02-03,Deadlift,Back,315.0,3,,,\n"
    )
    expect(source).toBe("fitnotes")
    expect(older?.sessions[0]?.exercises).toEqual([
      { name: "Deadlift", sets: [{ weight: 315, unit: "lb", reps: 3, rpe: null }] }
    ])
  })
})
