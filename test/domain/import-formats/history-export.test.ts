import Papa from "papaparse"
import { describe, expect, it } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import {
  type ExportedSet,
  exportedSetJson,
  OUR_CSV_HEADER,
  ourCsvLine,
  STRONG_CSV_HEADER,
  strongCsvLine
} from "#domain/import-formats/history-export.ts"
import { readLogbookText } from "./read-logbook.ts"

/* The printers the server streams an export with, a line at a time (docs/import-export.md). */

const squat: ExportedSet = {
  date: "2024-05-01" as IsoDate,
  session: "ours:2024-05-01:0",
  workout: "Heavy, then light",
  started_at: "2024-05-01T17:00:00.000Z",
  duration_seconds: 3900,
  exercise: "Back Squat",
  exercise_id: "back-squat",
  set: 1,
  weight: 142.5,
  unit: "kg",
  reps: 5,
  rpe: 8.5
}

const cellsOf = (text: string): ReadonlyArray<ReadonlyArray<string>> =>
  Papa.parse<Array<string>>(text, { skipEmptyLines: true }).data

describe("our CSV", () => {
  it("has the documented header, one line", () => {
    expect(OUR_CSV_HEADER).toBe(
      "date,session,workout,started_at,duration_seconds,exercise,exercise_id,set,weight,unit,reps,rpe\n"
    )
  })

  it("writes a set as one line, quoting what holds a comma", () => {
    expect(ourCsvLine(squat)).toBe(
      '2024-05-01,ours:2024-05-01:0,"Heavy, then light",2024-05-01T17:00:00.000Z,3900,Back Squat,back-squat,1,142.5,kg,5,8.5\n'
    )
  })

  it("leaves what is not known blank", () => {
    expect(
      ourCsvLine({ ...squat, started_at: null, duration_seconds: null, exercise_id: "", weight: null, rpe: null })
    ).toBe('2024-05-01,ours:2024-05-01:0,"Heavy, then light",,,Back Squat,,1,,kg,5,\n')
  })

  it("quotes quotes, commas and line breaks as RFC 4180 says, so papaparse gives the same cells back", () => {
    const odd = { ...squat, workout: 'The "big"\none', exercise: "Squat,\r\npaused", session: 'strong:x "y"' }
    const line = ourCsvLine(odd)
    expect(line).toBe(
      '2024-05-01,"strong:x ""y""","The ""big""\none",2024-05-01T17:00:00.000Z,3900,"Squat,\r\npaused",back-squat,1,142.5,kg,5,8.5\n'
    )
    expect(cellsOf(OUR_CSV_HEADER + line)[1]).toEqual([
      "2024-05-01",
      'strong:x "y"',
      'The "big"\none',
      "2024-05-01T17:00:00.000Z",
      "3900",
      "Squat,\r\npaused",
      "back-squat",
      "1",
      "142.5",
      "kg",
      "5",
      "8.5"
    ])
  })

  it("writes small numbers in plain decimals, which read back the same", () => {
    const line = ourCsvLine({ ...squat, weight: 1.5e-7 })
    expect(line).toContain(",0.00000015,kg,")
    expect(Number(cellsOf(line)[0]?.[8])).toBe(1.5e-7)
  })
})

describe("Strong's CSV", () => {
  it("is the semicolon form with a Weight Unit, which Strong, Hevy and we read", () => {
    expect(STRONG_CSV_HEADER).toBe(
      "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\n"
    )
    expect(strongCsvLine(squat)).toBe(
      '2024-05-01 17:00:00;"Heavy, then light";Back Squat;1;142.5;kg;5;8.5;;;;;;1h 5m\n'
    )
  })

  it("writes pounds as lbs, the time of day in the lifter's zone, and quotes a semicolon", () => {
    const pounds = { ...squat, unit: "lb" as const, exercise: "Squat; paused", duration_seconds: 2700 }
    expect(strongCsvLine(pounds, -240)).toBe(
      '2024-05-01 13:00:00;"Heavy, then light";"Squat; paused";1;142.5;lbs;5;8.5;;;;;;45m\n'
    )
  })

  it("puts a session with no start at midnight, a second per workout of the day", () => {
    const noStart = { ...squat, started_at: null, duration_seconds: null, session: "ours:2024-05-01:2" }
    expect(strongCsvLine(noStart)).toBe('2024-05-01 00:00:02;"Heavy, then light";Back Squat;1;142.5;kg;5;8.5;;;;;;\n')
  })

  it("reads back through our Strong reader to the same sets", () => {
    const text =
      STRONG_CSV_HEADER +
      strongCsvLine(squat) +
      strongCsvLine({ ...squat, set: 2, weight: null, rpe: null }) +
      strongCsvLine({
        ...squat,
        exercise: "Curl",
        exercise_id: "",
        unit: "lb",
        set: 1,
        weight: 30,
        reps: 12,
        rpe: null
      })
    const { source, logbook } = readLogbookText(text)
    expect(source).toBe("strong")
    expect(logbook?.left).toEqual([])
    expect(logbook?.sessions).toEqual([
      {
        key: "strong:2024-05-01T17:00:00:Heavy, then light",
        date: "2024-05-01",
        startedAt: "2024-05-01T17:00:00.000Z",
        durationSeconds: 3900,
        title: "Heavy, then light",
        exercises: [
          {
            name: "Back Squat",
            sets: [
              { weight: 142.5, unit: "kg", reps: 5, rpe: 8.5 },
              { weight: null, unit: "kg", reps: 5, rpe: null }
            ]
          },
          { name: "Curl", sets: [{ weight: 30, unit: "lb", reps: 12, rpe: null }] }
        ]
      }
    ])
  })
})

describe("the JSON export", () => {
  it("is one object per set, the CSV's columns in the CSV's order", () => {
    const json = exportedSetJson({ ...squat, started_at: null, weight: null })
    expect(json).toBe(
      '{"date":"2024-05-01","session":"ours:2024-05-01:0","workout":"Heavy, then light","started_at":null,"duration_seconds":3900,"exercise":"Back Squat","exercise_id":"back-squat","set":1,"weight":null,"unit":"kg","reps":5,"rpe":8.5}'
    )
    expect(Object.keys(JSON.parse(json) as object)).toEqual(OUR_CSV_HEADER.trimEnd().split(","))
  })
})
