import { describe, expect, test } from "vitest"
import { messageParts } from "#domain/message-links.ts"

const links = (text: string) => messageParts(text).filter((part) => part.kind === "link").map((part) => part.text)

describe("a message's links", () => {
  test("plain text is one text part", () => {
    expect(messageParts("left knee, stopped at 3")).toEqual([{ kind: "text", text: "left knee, stopped at 3" }])
  })

  test("an https address in a sentence becomes a link, the words around it stay text", () => {
    expect(messageParts("Watch https://example.com/squat?t=30 before Monday")).toEqual([
      { kind: "text", text: "Watch " },
      { kind: "link", text: "https://example.com/squat?t=30", href: "https://example.com/squat?t=30" },
      { kind: "text", text: " before Monday" }
    ])
  })

  test("a full stop, comma or closing bracket after an address is not part of it", () => {
    expect(links("See http://example.com.")).toEqual(["http://example.com"])
    expect(links("(see https://example.com/a), then")).toEqual(["https://example.com/a"])
    expect(links("https://en.wikipedia.org/wiki/Squat_(exercise) is good")).toEqual([
      "https://en.wikipedia.org/wiki/Squat_(exercise)"
    ])
  })

  test("only http and https become links: javascript:, data: and mailto: stay text", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<b>hi</b>", "mailto:coach@example.com", "ftp://x.org"]) {
      expect(messageParts(text)).toEqual([{ kind: "text", text }])
    }
  })

  test("markup is text: nothing in a message is read as HTML", () => {
    const text = '<img src=x onerror="alert(1)"> https://example.com/"onmouseover="x'
    expect(links(text)).toEqual(["https://example.com/"])
    expect(messageParts(text).map((part) => part.text).join("")).toBe(text)
  })

  test("several addresses, on several lines, each become a link and the text joins back whole", () => {
    const text = "one https://a.example\ntwo HTTP://B.example/x and https://c.example"
    expect(links(text)).toEqual(["https://a.example", "HTTP://B.example/x", "https://c.example"])
    expect(messageParts(text).map((part) => part.text).join("")).toBe(text)
  })

  test("an address without a host stays text", () => {
    expect(links("https:// nothing")).toEqual([])
  })
})
