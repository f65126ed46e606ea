/**
 * Which template the keyboard goes to once "show more" brought a page
 * (src/ui/coach/more-templates.tsx): the first new one after those already listed, else the
 * first new one anywhere (a name the server sorts otherwise lands above them), else none.
 */
import { describe, expect, it } from "vitest"
import type { TemplateId } from "#domain/templates.ts"
import { firstListedByPage } from "#ui/coach/more-templates.tsx"

const ids = (...values: Array<number>) => values.map((value) => value as TemplateId)

describe("the template a page's arrival takes the keyboard to", () => {
  it("is the first new one after those already listed, not the last row", () => {
    expect(firstListedByPage(ids(1, 2), ids(1, 2, 3, 4))).toBe(3)
  })

  it("skips a new one sorted above those already listed", () => {
    expect(firstListedByPage(ids(5, 6), ids(1, 5, 6, 7, 8))).toBe(7)
  })

  it("is the first new one anywhere when every new one sorts above", () => {
    expect(firstListedByPage(ids(5, 6), ids(1, 2, 5, 6))).toBe(1)
  })

  it("is none when the page listed nothing new", () => {
    expect(firstListedByPage(ids(1, 2), ids(1, 2))).toBeUndefined()
  })

  it("is the first listed when nothing was listed before", () => {
    expect(firstListedByPage(ids(), ids(4, 9))).toBe(4)
  })
})
