import { assign, fromPromise, setup } from "xstate"
import type { ImportId, ImportRecord, ImportRecords } from "#domain/history-import.ts"
import { describeFailure } from "../failure-text.ts"
import type { YourDataContext, YourDataEvent, YourDataInput } from "./your-data.types.ts"
import { countText } from "#domain/count-text.ts"

// A lifter's imports on their profile (docs/decisions/049-import-and-export.md), each
// undone whole within a day. A count is said only from the server's answer.

export const undoneNotice = (record: ImportRecord, setsBefore: number): string =>
  `Import of ${record.file_name} undone: ${countText(setsBefore, "set")} removed.`

const recordOf = (context: YourDataContext, id: ImportId | null): ImportRecord | undefined =>
  context.imports?.find((record) => record.id === id)

export const yourDataMachine = setup({
  types: {
    context: {} as YourDataContext,
    events: {} as YourDataEvent,
    input: {} as YourDataInput
  },
  actors: {
    loadImports: fromPromise<ImportRecords>(() => Promise.reject(new Error("loadImports was not provided"))),
    undoImport: fromPromise<ImportRecord, ImportId>(() => Promise.reject(new Error("undoImport was not provided")))
  },
  guards: {
    canUndo: ({ context }, { importId }: { importId: ImportId }) => recordOf(context, importId)?.undo_until != null
  },
  actions: {
    keepImports: assign((_, { imports }: { imports: ImportRecords }) => ({ imports, error: null })),
    askUndo: assign((_, { importId }: { importId: ImportId }) => ({ undoId: importId, notice: null, error: null })),
    forgetUndo: assign({ undoId: null, error: null }),
    keepUndone: assign(({ context }, { record }: { record: ImportRecord }) => ({
      imports: (context.imports ?? []).map((kept) => (kept.id === record.id ? record : kept)),
      notice: undoneNotice(record, recordOf(context, record.id)?.sets ?? 0),
      undoId: null,
      error: null
    })),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ error: describeFailure(error) }))
  }
}).createMachine({
  id: "yourData",
  context: ({ input }) => ({
    clientId: input.clientId,
    imports: null,
    undoId: null,
    notice: null,
    error: null
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadImports",
        src: "loadImports",
        onDone: {
          target: "listed",
          actions: { type: "keepImports", params: ({ event }) => ({ imports: event.output }) }
        },
        onError: {
          target: "loadFailed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    loadFailed: {
      on: { "list.retry": "loading" }
    },
    listed: {
      on: {
        "list.reload": "loading",
        "undo.ask": {
          guard: { type: "canUndo", params: ({ event }) => ({ importId: event.importId }) },
          target: "confirmingUndo",
          actions: { type: "askUndo", params: ({ event }) => ({ importId: event.importId }) }
        }
      }
    },
    confirmingUndo: {
      on: {
        "undo.confirm": "undoing",
        "undo.cancel": { target: "listed", actions: "forgetUndo" }
      }
    },
    undoing: {
      invoke: {
        id: "undoImport",
        src: "undoImport",
        input: ({ context }) => {
          if (context.undoId === null) throw new Error("an undo without its import")
          return context.undoId
        },
        onDone: {
          target: "listed",
          actions: { type: "keepUndone", params: ({ event }) => ({ record: event.output }) }
        },
        onError: {
          target: "undoFailed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    undoFailed: {
      on: {
        "undo.retry": "undoing",
        // The list is read again: a refused undo (the day passed) shows as it now stands.
        "undo.cancel": { target: "loading", actions: "forgetUndo" }
      }
    }
  }
})

export type YourDataMachine = typeof yourDataMachine
