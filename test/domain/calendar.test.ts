import fc from "fast-check"
import { afterEach, describe, expect, it } from "vitest"
import {
  CALENDAR_GRID_DAYS,
  type IsoDate,
  addDays,
  calendarGrid28,
  dayOfMonth,
  dayOfWeek,
  formatLongUsDate,
  formatShortUsDate,
  formatUsMonthYear,
  isoToRouteDate,
  nextWeek,
  parseRouteDate,
  previousWeek,
  routeDateToIso,
  startOfWeek,
  todayIso,
  weekDays
} from "#domain/calendar.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

const iso = (s: string) => s as IsoDate
const utcMs = (d: IsoDate) => Date.parse(`${d}T00:00:00Z`)
const DAY = 86_400_000

describe("route dates and ISO dates", () => {
  it("an ISO date reads MM-DD-YYYY in a route and back", () => {
    expect(isoToRouteDate(iso("2023-03-01"))).toBe("03-01-2023")
    expect(routeDateToIso(isoToRouteDate(iso("2023-03-01")))).toBe("2023-03-01")
  })

  it("converting to a route date and back gives the same day for any day", () => {
    fc.assert(
      fc.property(A.isoDate, (d) => {
        expect(routeDateToIso(isoToRouteDate(d))).toBe(d)
        expect(parseRouteDate(isoToRouteDate(d))).toBe(d)
      }),
      A.RUNS
    )
  })

  it("a route parameter that is not a real day parses to nothing", () => {
    for (const raw of ["02-30-2023", "13-01-2023", "2023-03-01", "3-1-2023", "", "00-10-2023"]) {
      expect(parseRouteDate(raw)).toBeUndefined()
    }
    expect(parseRouteDate("02-29-2024")).toBe("2024-02-29")
  })
})

describe("formatting dates for people", () => {
  it("a date reads in long US format", () => {
    expect(formatLongUsDate(iso("2026-11-22"))).toBe("Sunday, November 22, 2026")
    expect(formatLongUsDate(iso("2023-03-01"))).toBe("Wednesday, March 1, 2023")
  })

  it("the long format names the weekday, month, day and year of the date itself", () => {
    const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    fc.assert(
      fc.property(A.isoDate, (d) => {
        const date = new Date(utcMs(d))
        const text = formatLongUsDate(d)
        expect(text.startsWith(`${weekdays[date.getUTCDay()]}, `)).toBe(true)
        expect(text.endsWith(`${date.getUTCDate()}, ${date.getUTCFullYear()}`)).toBe(true)
      }),
      A.RUNS
    )
  })

  it("a short label reads month and day, as on the progress chart", () => {
    expect(formatShortUsDate(iso("2023-04-12"))).toBe("Apr 12")
  })

  it("every format reads as the browser's own en-US formatting of the same day", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" })
      return (d: IsoDate) => format.format(utcMs(d))
    }
    const long = intl({ weekday: "long", year: "numeric", month: "long", day: "numeric" })
    const short = intl({ month: "short", day: "numeric" })
    const monthYear = intl({ month: "long", year: "numeric" })
    fc.assert(
      fc.property(A.isoDate, (d) => {
        expect(formatLongUsDate(d)).toBe(long(d))
        expect(formatShortUsDate(d)).toBe(short(d))
        expect(formatUsMonthYear(d)).toBe(monthYear(d))
      }),
      A.RUNS
    )
  })
})

describe("day arithmetic", () => {
  it("adding days crosses month, year and leap-day boundaries", () => {
    expect(addDays(iso("2024-02-28"), 1)).toBe("2024-02-29")
    expect(addDays(iso("2023-02-28"), 1)).toBe("2023-03-01")
    expect(addDays(iso("2023-12-31"), 1)).toBe("2024-01-01")
    expect(addDays(iso("2023-03-01"), -1)).toBe("2023-02-28")
  })

  it("adding n days moves exactly n calendar days and subtracting them comes back", () => {
    fc.assert(
      fc.property(A.isoDate, fc.integer({ min: -3650, max: 3650 }), (d, n) => {
        const moved = addDays(d, n)
        expect(utcMs(moved) - utcMs(d)).toBe(n * DAY)
        expect(addDays(moved, -n)).toBe(d)
      }),
      A.RUNS
    )
  })

  it("the week arrows move by seven days either way", () => {
    fc.assert(
      fc.property(A.isoDate, (d) => {
        expect(nextWeek(d)).toBe(addDays(d, 7))
        expect(previousWeek(d)).toBe(addDays(d, -7))
        expect(previousWeek(nextWeek(d))).toBe(d)
      }),
      A.RUNS
    )
  })

  it("a week starts on the Sunday on or before the day", () => {
    expect(startOfWeek(iso("2026-11-22"))).toBe("2026-11-22")
    expect(startOfWeek(iso("2026-11-28"))).toBe("2026-11-22")
    expect(startOfWeek(iso("2023-03-01"))).toBe("2023-02-26")
    fc.assert(
      fc.property(A.isoDate, (d) => {
        const first = startOfWeek(d)
        expect(dayOfWeek(first)).toBe(0)
        expect(first <= d).toBe(true)
        expect((utcMs(d) - utcMs(first)) / DAY).toBeLessThan(7)
      }),
      A.RUNS
    )
  })

  it("the week strip lists Sunday to Saturday of the day's week", () => {
    fc.assert(
      fc.property(A.isoDate, (d) => {
        const days = weekDays(d)
        expect(days.map(dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6])
        expect(days).toContain(d)
      }),
      A.RUNS
    )
  })

  it("the coach calendar is 28 consecutive days from the first day of the date's week", () => {
    fc.assert(
      fc.property(A.isoDate, (d) => {
        const grid = calendarGrid28(d)
        expect(grid).toHaveLength(CALENDAR_GRID_DAYS)
        expect(grid[0]).toBe(startOfWeek(d))
        grid.slice(1).forEach((day, i) => {
          expect(day).toBe(addDays(defined(grid[i]), 1))
        })
        expect(grid.slice(0, 7)).toContain(d)
      }),
      A.RUNS
    )
  })

  it("day of month reads the day number", () => {
    expect(dayOfMonth(iso("2026-11-09"))).toBe(9)
  })
})

describe("dates do not depend on the machine's time zone", () => {
  const originalTz = process.env["TZ"]
  afterEach(() => {
    if (originalTz === undefined) delete process.env["TZ"]
    else process.env["TZ"] = originalTz
  })

  it("formatting and arithmetic give the same answers in far-apart time zones", () => {
    const sample = fc.sample(fc.tuple(A.isoDate, fc.integer({ min: -400, max: 400 })), { numRuns: 100, seed: 7 })
    const answers = (tz: string) => {
      process.env["TZ"] = tz
      return sample.map(([d, n]) => [formatLongUsDate(d), addDays(d, n), startOfWeek(d), calendarGrid28(d)[27]])
    }
    const reference = answers("UTC")
    for (const tz of ["Pacific/Kiritimati", "America/Adak", "Asia/Kolkata", "Europe/London"]) {
      expect(answers(tz)).toEqual(reference)
    }
  })

  it("today is the local calendar day of the given clock, also just before midnight", () => {
    for (const tz of ["Pacific/Kiritimati", "America/Adak", "UTC"]) {
      process.env["TZ"] = tz
      expect(todayIso(new Date(2026, 10, 22, 23, 59, 59))).toBe("2026-11-22")
      expect(todayIso(new Date(2026, 10, 22, 0, 0, 0))).toBe("2026-11-22")
    }
  })
})
