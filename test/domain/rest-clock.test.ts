/** The rest timer's time arithmetic: what is left, how it reads, and how far +/- may move it. */
import { describe, expect, test } from "vitest"
import {
  adjustedEnd,
  adjustedRestLength,
  changesRest,
  DEFAULT_REST_SECONDS,
  formatRest,
  remainingSeconds,
  restEndsAt
} from "#domain/rest-clock.ts"

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)

describe("what is left of a rest", () => {
  test("reads as minutes and two-digit seconds", () => {
    expect(formatRest(105)).toBe("1:45")
    expect(formatRest(5)).toBe("0:05")
    expect(formatRest(60)).toBe("1:00")
    expect(formatRest(600)).toBe("10:00")
    expect(formatRest(0)).toBe("0:00")
    expect(formatRest(-3)).toBe("0:00")
  })

  test("counts a started second as a whole one, so 0:00 shows only when the rest is over", () => {
    const endsAt = restEndsAt(T0, DEFAULT_REST_SECONDS)
    expect(endsAt).toBe(T0 + 120_000)
    expect(remainingSeconds(endsAt, T0)).toBe(120)
    expect(remainingSeconds(endsAt, T0 + 15_000)).toBe(105)
    expect(remainingSeconds(endsAt, T0 + 119_001)).toBe(1)
    expect(remainingSeconds(endsAt, T0 + 120_000)).toBe(0)
    // A page that wakes long after the end shows nothing left, not a negative time.
    expect(remainingSeconds(endsAt, T0 + 900_000)).toBe(0)
  })
})

describe("+30 s and -30 s", () => {
  const endsAt = T0 + 45_000

  test("move the end by their step", () => {
    expect(adjustedEnd(endsAt, T0, 30)).toBe(T0 + 75_000)
    expect(adjustedEnd(endsAt, T0, -30)).toBe(T0 + 15_000)
  })

  test("never leave less than nothing", () => {
    expect(adjustedEnd(T0 + 20_000, T0, -30)).toBe(T0)
  })

  test("never leave more than ten minutes", () => {
    expect(adjustedEnd(T0 + 590_000, T0, 30)).toBe(T0 + 600_000)
    expect(changesRest(T0 + 600_000, T0, 30)).toBe(false)
    expect(changesRest(T0 + 590_000, T0, 30)).toBe(true)
  })

  test("can always take away from a rest still running, and nothing from one that is over", () => {
    expect(changesRest(T0 + 1, T0, -30)).toBe(true)
    expect(changesRest(T0, T0, -30)).toBe(false)
    expect(changesRest(endsAt, T0, 0)).toBe(false)
  })

  test("change the next rests' length between 30 s and 10 min", () => {
    expect(adjustedRestLength(120, 30)).toBe(150)
    expect(adjustedRestLength(120, -30)).toBe(90)
    expect(adjustedRestLength(30, -30)).toBe(30)
    expect(adjustedRestLength(600, 30)).toBe(600)
  })
})
