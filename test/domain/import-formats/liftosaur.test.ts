import { describe, expect, it } from "vitest"
import { readFixture, readLogbookText } from "./read-logbook.ts"

/* Liftosaur's export: completed against required, a UTC start, warm-ups flagged (docs/import-export.md). */

describe("Liftosaur's export", () => {
  const logbook = readFixture("liftosaur.csv")

  it("takes what was completed, the required weight when no other was written", () => {
    expect(logbook.source).toBe("liftosaur")
    expect(logbook.sessions).toEqual([
      {
        key: "liftosaur:2024-03-01T23:30:00.000Z:Day 1, T1",
        date: "2024-03-01",
        startedAt: "2024-03-01T23:30:00.000Z",
        durationSeconds: undefined,
        title: "Day 1, T1",
        exercises: [
          {
            name: "Squat",
            sets: [
              { weight: 225, unit: "lb", reps: 3, rpe: null },
              // Asked for 3 at 225 and RPE 8; did 4 at 230 at RPE 8.5.
              { weight: 230, unit: "lb", reps: 4, rpe: 8.5 }
            ]
          },
          {
            name: "Bench Press",
            sets: [
              { weight: 60, unit: "kg", reps: 10, rpe: null },
              // Zero reps done at a weight is a missed set, and a set.
              { weight: 60, unit: "kg", reps: 0, rpe: null }
            ]
          }
        ]
      },
      {
        key: "liftosaur:2024-03-03T10:00:00.000Z:Day 2",
        date: "2024-03-03",
        startedAt: "2024-03-03T10:00:00.000Z",
        durationSeconds: undefined,
        title: "Day 2",
        exercises: [{ name: "Deadlift", sets: [{ weight: 100, unit: "kg", reps: 5, rpe: null }] }]
      }
    ])
  })

  it("leaves warm-ups, sets not done, and unreadable rows", () => {
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [2, "warm-up"],
      [5, "not done"],
      [8, "unreadable number"],
      [9, "unreadable date"]
    ])
  })

  it("puts a session on the lifter's day in the zone it is given", () => {
    // 23:30 UTC is 00:30 the next day an hour east; the key is the source's instant, unchanged.
    const east = readFixture("liftosaur.csv", { utcOffset: () => 60 })
    expect(east.sessions[0]).toMatchObject({ key: logbook.sessions[0]?.key, date: "2024-03-02" })
  })

  it("reads the older export, with Equipment and a single weight", () => {
    const { source, logbook: older } = readLogbookText(
      [
        "Workout DateTime,Program,Day Name,Exercise,Equipment,Is Warmup Set?,Required Reps,Completed Reps,RPE,Is AMRAP?,Weight Value,Weight Unit,Completed Reps Time,Target Muscles,Synergist Muscles,Notes",
        "2022-05-01T09:00:00.000Z,5/3/1,Week 1 Day 1,Bench Press,barbell,0,5,7,9,1,80,kg,2022-05-01T09:10:00.000Z,,,",
        "2022-05-01T09:00:00.000Z,5/3/1,Week 1 Day 1,Bench Press,barbell,0,5,,,0,80,kg,,,,"
      ].join("\n")
    )
    expect(source).toBe("liftosaur")
    expect(older?.sessions[0]?.exercises).toEqual([
      { name: "Bench Press (barbell)", sets: [{ weight: 80, unit: "kg", reps: 7, rpe: 9 }] }
    ])
    expect(older?.left).toMatchObject([{ line: 3, reason: "not done" }])
  })
})
