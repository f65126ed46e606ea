/**
 * Where a page of templates ended (src/domain/template-cursor.ts, docs/decisions/051): any
 * template's name and id made into a cursor read back as that name and id, in Node as in
 * the browser (base64url of UTF-8 JSON), within the cursor's bound; text that is no cursor
 * reads as none, and never throws.
 */
import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { readTemplateCursor, templateCursor } from "#domain/template-cursor.ts"
import { MAX_CURSOR_LENGTH } from "#domain/templates.ts"
import { TemplateCursor, TemplateName } from "#domain/templates.ts"

const templateName = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 80 })
  .map((name) => name.trim())
  .filter(Schema.is(TemplateName))
const templateId = fc.integer({ min: 1, max: 2_147_483_647 })

describe("a template cursor", () => {
  it("reads back the name and id it was made from, within its bound, and passes the contract's check", () => {
    fc.assert(
      fc.property(templateName, templateId, (name, id) => {
        const cursor = templateCursor({ name, id })
        expect(cursor.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH)
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
        expect(readTemplateCursor(cursor)).toEqual({ name, id })
        expect(Schema.is(TemplateCursor)(cursor)).toBe(true)
      })
    )
  })

  it("reads the longest name of four-byte characters", () => {
    const name = "🏋".repeat(40)
    expect(name.length).toBe(80)
    expect(readTemplateCursor(templateCursor({ name, id: 2_147_483_647 }))).toEqual({ name, id: 2_147_483_647 })
  })

  it("reads any other text as no cursor, without throwing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        expect(() => readTemplateCursor(text)).not.toThrow()
      })
    )
    const base64url = (json: string) => btoa(json).replaceAll("=", "")
    for (const text of [
      "",
      "!!",
      "a".repeat(MAX_CURSOR_LENGTH + 4),
      base64url("{}"),
      base64url("[1]"),
      base64url('["a",1.5]'),
      base64url('["",1]'),
      base64url('["a",0]'),
      base64url('["a",1,2]'),
      templateCursor({ name: "a", id: 1 }) + "="
    ])
      expect(readTemplateCursor(text)).toBeUndefined()
  })
})
