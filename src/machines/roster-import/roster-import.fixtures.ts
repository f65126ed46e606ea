import { readRosterFile } from "#domain/roster-file.ts"
import type { RosterReport } from "#domain/roster-import.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"
import type { RosterImportPorts } from "./roster-import.actors.ts"
import type { PickedFile, RosterImportContext } from "./roster-import.types.ts"

// A coach's roster file and the server's report of it, for stories and tests. No network.

export const ROSTER_CSV = [
  "name,email",
  "Sam Lee,sam@example.com",
  "Bo Bad,bo at example",
  "Ana Ortiz,ana@example.org",
  ""
].join("\n")

/** A picked file whose text is `text` (the browser's File, as far as the machine goes). */
export const pickedFile = (text: string, name = "clients.csv"): PickedFile => ({
  name,
  text: () => Promise.resolve(text)
})

export const rosterFile = readRosterFile(ROSTER_CSV)

export const rosterReport: RosterReport = {
  rows: [
    { line: 1, email: "sam@example.com", outcome: "invited", message: "Invitation sent" },
    { line: 2, email: "bo at example", outcome: "not-an-email", message: "Not an email address" },
    {
      line: 3,
      email: "ana@example.org",
      outcome: "already-invited",
      message: "Already invited: the invitation is still waiting for an answer"
    }
  ],
  clients: {
    "7": { name: "Bo Client", pending: false },
    "pending:sam@example.com": { name: "sam@example.com", pending: true },
    "pending:ana@example.org": { name: "ana@example.org", pending: true }
  }
}

export const rosterContext = (overrides: Partial<RosterImportContext> = {}): RosterImportContext => ({
  fileName: "clients.csv",
  file: rosterFile,
  report: null,
  failure: null,
  ...overrides
})

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyRosterImportPorts: RosterImportPorts = { data: unansweredCalls(), showClients: () => undefined }
