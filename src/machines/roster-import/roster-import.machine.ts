import { assign, fromPromise, setup } from "xstate"
import type { RosterFile } from "#domain/roster-file.ts"
import { rosterPayloadRows, type RosterReport } from "#domain/roster-import.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { describeFailure } from "../failure-text.ts"
import type { ImportRosterInput, PickedFile, RosterImportContext, RosterImportEvent } from "./roster-import.types.ts"

// The coach's clients screen imports a roster (docs/decisions/049): pick a CSV, read it in
// the browser, see every row and which ones will not be invitations, confirm, and read
// the server's report of each row. Nothing is said to be invited before the server
// answered; its answer's list goes to the client list (roster-import.actors.ts).

/** Why a file could not be read (a file the browser could not open, say). */
export const FILE_NOT_READ = "The file could not be read. Choose a CSV file of names and email addresses."

const initialContext: RosterImportContext = { fileName: "", file: null, report: null, failure: null }

const rowsOf = ({ context }: { context: RosterImportContext }): ImportRosterInput => {
  if (context.file === null) throw new Error("a roster imported without a file")
  return { rows: rosterPayloadRows(context.file.rows) }
}

const pickFile = {
  target: "#rosterImport.reading",
  actions: { type: "choose", params: ({ event }: { event: { file: PickedFile } }) => ({ name: event.file.name }) }
} as const

export const rosterImportMachine = setup({
  types: { context: {} as RosterImportContext, events: {} as RosterImportEvent },
  actors: {
    readFile: fromPromise<RosterFile, { readonly file: PickedFile }>(() =>
      Promise.reject(new Error("readFile was not provided"))
    ),
    importClients: fromPromise<RosterReport, ImportRosterInput>(() =>
      Promise.reject(new Error("importClients was not provided"))
    )
  },
  guards: {
    canImport: ({ context }) => context.file !== null && context.file.problems.length === 0
  },
  actions: {
    choose: assign((_, { name }: { name: string }) => ({ ...initialContext, fileName: name })),
    rememberFile: assign((_, { file }: { file: RosterFile }) => ({ file })),
    rememberReport: assign((_, { report }: { report: RosterReport }) => ({ report, failure: null })),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    sayNotRead: assign({ failure: FILE_NOT_READ }),
    clearFailure: assign({ failure: null }),
    forget: assign(initialContext),
    /** The route's: the client list shows the server's list as the import left it. */
    showClients: (_, _params: { clients: ClientLookup }) => undefined
  }
}).createMachine({
  id: "rosterImport",
  context: initialContext,
  initial: "idle",
  states: {
    idle: { on: { "file.pick": pickFile } },
    reading: {
      invoke: {
        id: "readFile",
        src: "readFile",
        input: ({ event }) => {
          if (event.type !== "file.pick") throw new Error("reading starts with a picked file")
          return { file: event.file }
        },
        onDone: {
          target: "previewing",
          actions: { type: "rememberFile", params: ({ event }) => ({ file: event.output }) }
        },
        onError: { target: "idle", actions: "sayNotRead" }
      }
    },
    // Every row, and which ones will not be invitations; nothing is sent before Confirm.
    previewing: {
      on: {
        "import.confirm": { guard: "canImport", target: "importing" },
        "import.cancel": { target: "idle", actions: "forget" },
        "file.pick": pickFile
      }
    },
    importing: {
      invoke: {
        id: "importClients",
        src: "importClients",
        input: rowsOf,
        onDone: {
          target: "reported",
          actions: [
            { type: "rememberReport", params: ({ event }) => ({ report: event.output }) },
            { type: "showClients", params: ({ event }) => ({ clients: event.output.clients }) }
          ]
        },
        onError: {
          target: "failed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    reported: {
      on: { "import.again": { target: "idle", actions: "forget" }, "file.pick": pickFile }
    },
    // The preview stays: Try again sends the same rows (the import is idempotent row by row).
    failed: {
      on: {
        "import.retry": { target: "importing", actions: "clearFailure" },
        "import.cancel": { target: "previewing", actions: "clearFailure" }
      }
    }
  }
})

export type RosterImportMachine = typeof rosterImportMachine
