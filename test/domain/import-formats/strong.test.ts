import { describe, expect, it } from "vitest"
import { readFixture, readLogbookText } from "./read-logbook.ts"

/*
 * Strong's exports (docs/import-export.md): the comma form with no unit, the semicolon form
 * with a Weight Unit column, and the forms that name the unit in the weight column.
 */

const set = (
  weight: number | null,
  reps: number | null,
  rpe: number | null = null,
  unit: "kg" | "lb" | null = null
) => ({
  weight,
  unit,
  reps,
  rpe
})

describe("Strong's comma export", () => {
  const logbook = readFixture("strong-comma.csv")

  it("groups rows into sessions by start and name, exercises in order, sets in order", () => {
    expect(logbook.source).toBe("strong")
    expect(logbook.sessions).toEqual([
      {
        key: "strong:2024-01-15T18:03:22:Push, Heavy",
        date: "2024-01-15",
        startedAt: "2024-01-15T18:03:22.000Z",
        durationSeconds: 3900,
        title: "Push, Heavy",
        exercises: [
          // The drop set (D) is a lift; the warm-up (W) and the rest timer between are not.
          { name: "Bench Press (Barbell)", sets: [set(100, 5, 8), set(100, 5, 8.5), set(80, 8)] },
          // RPE 11 is no RPE the app holds: the set stays, the RPE goes.
          { name: "Pull Up", sets: [set(0, 10)] }
        ]
      },
      {
        key: "strong:2024-01-17T07:30:00:Legs",
        date: "2024-01-17",
        startedAt: "2024-01-17T07:30:00.000Z",
        durationSeconds: 2700,
        title: "Legs",
        // 7.3 is not in half steps; a weight with no reps is still a set.
        exercises: [{ name: "Squat (Barbell)", sets: [set(140, 3), set(140, null)] }]
      },
      {
        // A 12-hour clock with a meridiem reads as the same wall clock, keyed in 24 hours.
        key: "strong:2024-01-18T18:05:00:Running day",
        date: "2024-01-18",
        startedAt: "2024-01-18T18:05:00.000Z",
        durationSeconds: 2280,
        title: "Running day",
        exercises: [{ name: "Leg Press", sets: [set(200, 12), set(200, 10)] }]
      }
    ])
  })

  it("lists every row it left, with its line and why", () => {
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [2, "warm-up"],
      [4, "rest timer"],
      [8, "cardio"],
      [9, "rest timer"],
      [10, "no reps or weight"],
      [13, "unreadable number"],
      [14, "unreadable number"],
      [15, "missing exercise"],
      [16, "unreadable date"],
      [17, "cardio"]
    ])
    // The row's cells, cut to 80 characters.
    expect(logbook.left[0]?.excerpt).toBe(
      "2024-01-15 18:03:22, Push, Heavy, 1h 5m, Bench Press (Barbell), W, 40.0, 10, 0,…"
    )
  })

  it("counts a cell across two lines, so the row after it has its real line", () => {
    const text = readLogbookText(
      'Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Notes\n2024-01-18 18:05:00,A,Squat,1,100,5,"one\ntwo"\n2024-01-18 18:05:00,A,,2,100,5,\n'
    )
    expect(text.logbook?.left).toEqual([
      { line: 4, reason: "missing exercise", excerpt: "2024-01-18 18:05:00, A, 2, 100, 5" }
    ])
  })

  it("reads the wall clock in the zone it is given", () => {
    // Central European winter time: an hour east of UTC.
    const cet = readFixture("strong-comma.csv", { utcOffset: 60 })
    expect(cet.sessions[0]?.startedAt).toBe("2024-01-15T17:03:22.000Z")
    expect(cet.sessions[0]?.key).toBe(logbook.sessions[0]?.key)
    expect(cet.sessions[0]?.date).toBe("2024-01-15")
  })

  it("reads each wall clock at its own offset when the zone keeps summer time", () => {
    // Central Europe from 2024-03-31 01:00 UTC to 2024-10-27 01:00 UTC is two hours east, else one.
    const summer = (ms: number) => (ms >= Date.UTC(2024, 2, 31, 1) && ms < Date.UTC(2024, 9, 27, 1) ? 120 : 60)
    const { logbook: year } = readLogbookText(
      "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2024-01-15 18:00:00,A,Squat,1,100,5\n2024-07-15 18:00:00,A,Squat,1,100,5\n",
      { utcOffset: summer }
    )
    expect(year?.sessions.map((session) => session.startedAt)).toEqual([
      "2024-01-15T17:00:00.000Z",
      "2024-07-15T16:00:00.000Z"
    ])
  })
})

describe("Strong's semicolon export", () => {
  const logbook = readFixture("strong-semicolon.csv")

  it("reads the Weight Unit column and decimal commas", () => {
    const kg = (weight: number | null, reps: number | null, rpe: number | null = null) => set(weight, reps, rpe, "kg")
    expect(logbook.sessions).toEqual([
      {
        key: "strong:2023-07-30T16:49:28:Arms; and more",
        date: "2023-07-30",
        startedAt: "2023-07-30T16:49:28.000Z",
        durationSeconds: 2640,
        title: "Arms; and more",
        exercises: [
          { name: "Bench Press (Dumbbell)", sets: [kg(22.5, 8, 7.5), kg(22.5, 8)] },
          { name: "Bicep Curl, Cable", sets: [kg(30, 10)] },
          // Back to an exercise after another one: a second entry, as in the app.
          { name: "Bench Press (Dumbbell)", sets: [kg(20, 10)] },
          // A blank Weight Unit is no unit: the lifter is asked.
          { name: "Dips", sets: [set(null, 12)] }
        ]
      },
      {
        key: "strong:2023-08-01T06:00:00:Morning",
        date: "2023-08-01",
        startedAt: "2023-08-01T06:00:00.000Z",
        durationSeconds: 4680,
        title: "Morning",
        exercises: [{ name: "Deadlift (Barbell)", sets: [kg(180, 5, 9)] }]
      }
    ])
  })

  it("leaves warm-ups, rest timers, cardio and weights past the bounds", () => {
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [2, "warm-up"],
      [7, "rest timer"],
      [9, "cardio"],
      [11, "unreadable number"],
      [12, "unreadable number"]
    ])
  })
})

describe("Strong's other shapes", () => {
  it("takes the unit from the weight column's name and the duration in seconds", () => {
    const { source, logbook } = readLogbookText(
      [
        '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"',
        '"1";"2023-07-14 19:31:01";"Workout A #1406";"3600";"Clean and Jerk (Barbell)";"1";"50.0";"3";"";"";"";"";""',
        '"1";"2023-07-14 19:31:01";"Workout A #1406";"3600";"Front Squat (Barbell)";"Note";"";"";"";"";"";"Tempo";""'
      ].join("\n")
    )
    expect(source).toBe("strong")
    expect(logbook?.sessions).toEqual([
      {
        key: "strong:2023-07-14T19:31:01:Workout A #1406",
        date: "2023-07-14",
        startedAt: "2023-07-14T19:31:01.000Z",
        durationSeconds: 3600,
        title: "Workout A #1406",
        exercises: [{ name: "Clean and Jerk (Barbell)", sets: [set(50, 3, null, "kg")] }]
      }
    ])
    // A "Note" row carries an exercise note, not a set.
    expect(logbook?.left).toEqual([
      {
        line: 3,
        reason: "no reps or weight",
        excerpt: "1, 2023-07-14 19:31:01, Workout A #1406, 3600, Front Squat (Barbell), Note, Tem…"
      }
    ])
  })

  it("reads the oldest shape, where the weight column is named lbs", () => {
    const { logbook } = readLogbookText(
      "Date;Workout Name;Exercise Name;Set Order;lbs;Reps;mi.;Seconds;Notes;Workout Notes\n2018-03-02 10:00:00;A;Squat;1;225;5;;0;;\n"
    )
    expect(logbook?.sessions[0]?.exercises).toEqual([{ name: "Squat", sets: [set(225, 5, null, "lb")] }])
  })

  it("drops a duration past a day, which is a timer left running, and keeps the session", () => {
    const { logbook } = readLogbookText(
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps\n2025-06-03 20:23:00,Evening,264h 1m,Curl,1,10,10\n"
    )
    expect(logbook?.sessions[0]?.durationSeconds).toBeUndefined()
    expect(logbook?.sessions[0]?.exercises).toHaveLength(1)
  })
})
