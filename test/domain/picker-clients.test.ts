// The calendar picker leaves archived clients out unless one is on screen
// (src/domain/client-archive.ts); the remembered client is kept, archived or not.
import { describe, expect, it } from "vitest"
import { chooseClient, pickerClients } from "#domain/active-clients.ts"
import { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"

const lookup: ClientLookup = {
  "7": { name: "Bo Client", pending: false },
  "8": { name: "Ann Lifter", pending: false, archived: true },
  "9": { name: "Cy Third", pending: false },
  "pending:dee@example.com": { name: "dee@example.com", pending: true }
}
const [bo, ann, cy] = [UserId.make(7), UserId.make(8), UserId.make(9)]

describe("the calendar picker's clients", () => {
  it("are the linked clients not archived, by name", () => {
    expect(pickerClients(lookup, null)).toEqual([
      { id: bo, name: "Bo Client" },
      { id: cy, name: "Cy Third" }
    ])
  })

  it("name an archived client while their calendar is on screen", () => {
    expect(pickerClients(lookup, ann).map((client) => client.id)).toEqual([ann, bo, cy])
    expect(pickerClients(lookup, bo).map((client) => client.id)).toEqual([bo, cy])
  })

  it("start on the remembered client, archived or not, else on the first by name not archived", () => {
    expect(chooseClient(lookup, ann)).toBe(ann)
    expect(chooseClient(lookup, cy)).toBe(cy)
    expect(chooseClient(lookup, null)).toBe(bo)
    expect(chooseClient(lookup, UserId.make(40))).toBe(bo)
    expect(chooseClient({ "8": { name: "Ann Lifter", pending: false, archived: true } }, null)).toBeNull()
  })
})
