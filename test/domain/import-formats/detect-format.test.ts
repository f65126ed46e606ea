import { describe, expect, it } from "vitest"
import { OUR_CSV_HEADER, STRONG_CSV_HEADER } from "#domain/import-formats/history-export.ts"
import { detectFormat } from "#domain/import-formats/logbook-reader.ts"
import { csvRows, fixture } from "./read-logbook.ts"

/* The format named from the header alone, as the worker asks before the first row. */

const headerOf = (text: string): ReadonlyArray<string> => csvRows(text)[0]?.fields ?? []

describe("detectFormat", () => {
  it.each([
    ["strong-comma.csv", "strong"],
    ["strong-semicolon.csv", "strong"],
    ["hevy-kg.csv", "hevy"],
    ["hevy-lbs.csv", "hevy"],
    ["fitnotes.csv", "fitnotes"],
    ["liftosaur.csv", "liftosaur"],
    ["ours.csv", "ours"]
  ])("names %s %s", (name, source) => {
    expect(detectFormat(headerOf(fixture(name)))).toBe(source)
  })

  it("names the headers we write", () => {
    expect(detectFormat(headerOf(OUR_CSV_HEADER))).toBe("ours")
    expect(detectFormat(headerOf(STRONG_CSV_HEADER))).toBe("strong")
  })

  it("names the other shapes each app has written", () => {
    expect(
      detectFormat(
        headerOf(
          '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE"'
        )
      )
    ).toBe("strong")
    expect(
      detectFormat("Date;Workout Name;Exercise Name;Set Order;lbs;Reps;mi.;Seconds;Notes;Workout Notes".split(";"))
    ).toBe("strong")
    expect(detectFormat("Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time".split(","))).toBe(
      "fitnotes"
    )
    expect(
      detectFormat(
        "Workout DateTime,Program,Day Name,Exercise,Equipment,Is Warmup Set?,Required Reps,Completed Reps,RPE,Is AMRAP?,Weight Value,Weight Unit".split(
          ","
        )
      )
    ).toBe("liftosaur")
  })

  it("tolerates case, spaces, underscores and a byte-order mark", () => {
    expect(detectFormat(["\uFEFF DATE ", "workout_name", "EXERCISE NAME", "set  order", "weight", "reps"])).toBe(
      "strong"
    )
    expect(detectFormat(["Title", "Start Time", "End Time", "Exercise Title", "Set Type", "Weight KG", "Reps"])).toBe(
      "hevy"
    )
  })

  it("names nothing for a file that is no export it reads", () => {
    expect(detectFormat([])).toBeUndefined()
    expect(detectFormat(["a", "b", "c"])).toBeUndefined()
    expect(detectFormat(["Date", "Exercise", "Reps"])).toBeUndefined()
  })
})
