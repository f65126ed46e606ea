import { describe, expect, it } from "vitest"
import type { Unit } from "#domain/units.ts"
import { readFixture, readLogbookText } from "./read-logbook.ts"

/* Hevy's export: the unit in the weight column's name, set_type for warm-ups (docs/import-export.md). */

const set =
  (unit: Unit) =>
  (weight: number | null, reps: number | null, rpe: number | null = null) => ({
    weight,
    unit,
    reps,
    rpe
  })

describe("Hevy's export in kilograms", () => {
  const logbook = readFixture("hevy-kg.csv")
  const kg = set("kg")

  it("groups by start and title, keeps failure and drop sets, and a repeated exercise apart", () => {
    expect(logbook.source).toBe("hevy")
    expect(logbook.sessions).toEqual([
      {
        key: "hevy:2025-07-02T17:56:00:Upper, A",
        date: "2025-07-02",
        startedAt: "2025-07-02T17:56:00.000Z",
        durationSeconds: 3900,
        title: "Upper, A",
        exercises: [
          { name: "Incline Bench Press (Dumbbell)", sets: [kg(30, 10, 8), kg(30, 8, 10), kg(20, 12)] },
          { name: "Lat Pulldown (Cable)", sets: [kg(60, 10, 7.5)] },
          // A bodyweight set: reps and no weight.
          { name: "Pull Up", sets: [kg(null, 8)] },
          // The same exercise again after others: Hevy's CSV keeps no exercise index, only the order.
          { name: "Lat Pulldown (Cable)", sets: [kg(55, 12, 6.5)] }
        ]
      },
      {
        key: "hevy:2025-12-01T07:32:00:Gut Check - Day 1 🚀",
        date: "2025-12-01",
        startedAt: "2025-12-01T07:32:00.000Z",
        durationSeconds: 3300,
        title: "Gut Check - Day 1 🚀",
        exercises: [{ name: "Squat (Barbell)", sets: [kg(100, 5), kg(100, null)] }]
      }
    ])
  })

  it("leaves warm-ups, cardio, empty sets and impossible days", () => {
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [2, "warm-up"],
      [7, "cardio"],
      [12, "no reps or weight"],
      [13, "unreadable date"]
    ])
  })
})

describe("Hevy's export in pounds", () => {
  const logbook = readFixture("hevy-lbs.csv")
  const lb = set("lb")

  it("reads pounds from weight_lbs and starts a new exercise when set_index starts over", () => {
    expect(logbook.sessions).toEqual([
      {
        key: "hevy:2025-06-30T19:56:00:Monday ? You mean international CHEST DAY !",
        date: "2025-06-30",
        startedAt: "2025-06-30T19:56:00.000Z",
        durationSeconds: 3720,
        title: "Monday ? You mean international CHEST DAY !",
        exercises: [
          // 88.18 lb is Hevy's 40 kg converted; it is kept as written.
          { name: "Incline Bench Press (Dumbbell)", sets: [lb(48, 13), lb(88.18, 14)] },
          { name: "Incline Bench Press (Dumbbell)", sets: [lb(50, 10, 9.5)] },
          { name: "Chest Fly (Machine)", sets: [lb(130, 12, 8)] }
        ]
      }
    ])
    expect(logbook.left.map(({ line, reason }) => [line, reason])).toEqual([
      [5, "cardio"],
      [6, "warm-up"]
    ])
  })
})

describe("Hevy's dates", () => {
  const header =
    "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"

  it("reads unpadded days, a 12-hour clock, and an end before the start as no duration", () => {
    const { logbook } = readLogbookText(
      `${header}\nA,"1 Dec 2025, 7:05 PM","1 Dec 2025, 6:00 PM",,Squat,,,0,normal,100,5,,,\n`,
      { utcOffset: () => -300 }
    )
    expect(logbook?.sessions[0]).toMatchObject({
      key: "hevy:2025-12-01T19:05:00:A",
      date: "2025-12-01",
      // Five hours west of UTC: 19:05 there is 00:05 the next day in UTC; the day stays the lifter's.
      startedAt: "2025-12-02T00:05:00.000Z",
      durationSeconds: undefined
    })
  })
})
