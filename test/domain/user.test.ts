import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { FirebaseUid } from "#domain/ids.ts"
import {
  EMPTY_SESSION_USER,
  isLoggedIn,
  sessionUserFromRecord,
  sessionUserNeedingSignup,
  userTypePath
} from "#domain/session-user.ts"
import { firstNameCapitalised, greeting, isValidClientEmail } from "#domain/user.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

const RECORD_FIELDS = ["id", "name", "email", "firebase_id", "user_type"] as const

describe("who counts as logged in", () => {
  it("a session built from a full user record is logged in", () => {
    fc.assert(
      fc.property(A.userRecord, A.signInMethod, (record, method) => {
        expect(isLoggedIn(sessionUserFromRecord(record, method))).toBe(true)
      }),
      A.RUNS
    )
  })

  it("a user with any record field missing or empty is not logged in", () => {
    fc.assert(
      fc.property(
        A.userRecord,
        fc.constantFrom(...RECORD_FIELDS),
        fc.constantFrom(null, undefined, ""),
        (record, key, blank) => {
          expect(isLoggedIn({ ...record, [key]: blank })).toBe(false)
        }
      ),
      A.RUNS
    )
  })

  it("the logged-out session and a Google sign-in awaiting signup are not logged in", () => {
    expect(isLoggedIn(EMPTY_SESSION_USER)).toBe(false)
    const pending = sessionUserNeedingSignup("ada@example.com", "uid-1" as FirebaseUid, "google popup")
    expect(isLoggedIn(pending)).toBe(false)
    expect(pending).toMatchObject({ email: "ada@example.com", firebase_id: "uid-1", needsSignup: true, name: null })
  })
})

describe("greeting the client", () => {
  it("the first name is the first word with its first letter capitalised", () => {
    expect(firstNameCapitalised("ada lovelace")).toBe("Ada")
    expect(firstNameCapitalised("  grace   hopper ")).toBe("Grace")
    expect(firstNameCapitalised("deShawn")).toBe("DeShawn")
    expect(firstNameCapitalised("")).toBe("")
  })

  it("the greeting reads 'Hello, {first name}!'", () => {
    expect(greeting("ada lovelace")).toBe("Hello, Ada!")
  })

  it("the first name never contains spaces and starts upper-case for letter-led names", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,10}$/), { minLength: 1, maxLength: 4 }), (words) => {
        const first = firstNameCapitalised(words.join(" "))
        expect(first).not.toContain(" ")
        expect(first.toLowerCase()).toBe(words[0])
        expect(first[0]).toBe(defined(words[0])[0]?.toUpperCase())
      }),
      A.RUNS
    )
  })
})

describe("the add-client email rule", () => {
  it("accepts ordinary addresses with a 2 to 4 letter top-level domain", () => {
    for (const email of ["coach@gym.com", "a.b+c@sub.domain.io", "x_y%z@mail.info", "oneil@x.co"]) {
      expect(isValidClientEmail(email)).toBe(true)
    }
    fc.assert(
      fc.property(A.clientEmail, (email) => {
        expect(isValidClientEmail(email)).toBe(true)
      }),
      A.RUNS
    )
  })

  it("rejects addresses without @, without a domain, or with a top-level domain not of 2 to 4 letters", () => {
    for (const email of [
      "coach",
      "coach@",
      "@gym.com",
      "coach@gym",
      "coach@gym.c",
      "coach@gym.museum",
      "coach@gym.c0m",
      "co ach@gym.com",
      "coach@gym..com"
    ]) {
      expect(isValidClientEmail(email)).toBe(false)
    }
  })
})

describe("user types in routes", () => {
  it("a Coach lands under /coach and a Client under /client", () => {
    expect(userTypePath("Coach")).toBe("coach")
    expect(userTypePath("Client")).toBe("client")
  })
})
