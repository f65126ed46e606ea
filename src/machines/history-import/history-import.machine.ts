import { assign, fromCallback, fromPromise, setup } from "xstate"
import { summarize, suggestMapping, importChunks } from "#domain/import-plan.ts"
import { describeFailure } from "../failure-text.ts"
import type {
  HistoryImportContext,
  HistoryImportEvent,
  ReadLogbookInput,
  StoreChunkInput,
  StoreChunkOutput
} from "./history-import.types.ts"

// A lifter brings another app's logbook (docs/decisions/049-import-and-export.md): the file
// is read on the device, the lifter sees what was found and confirms, and only then is it
// sent, a chunk per call. Nothing is called stored that the server has not answered for;
// a failed chunk is sent again (the import key makes a resent chunk store nothing twice).

const EMPTY_COUNTS = { sessionsAdded: 0, setsAdded: 0, sessionsSkipped: 0 }

/** Before any file: what idle holds, and where every newly chosen file starts from. */
const NOTHING_CHOSEN: HistoryImportContext = {
  file: null,
  readFraction: 0,
  logbook: null,
  mapping: {},
  unit: null,
  importKey: null,
  chunks: [],
  sent: 0,
  stored: EMPTY_COUNTS,
  error: null
}

export const NOT_AN_EXPORT =
  "This file is not an export we can read. Choose a CSV exported from Strong, Hevy, FitNotes or Liftosaur, or one of ours."
export const NOTHING_TO_IMPORT = "This file holds no sets to import."
export const SAY_THE_UNIT = "Say whether this file's weights are in kg or lb before importing."

/** The file name as the contract takes it: trimmed, printable, at most 200 characters. */
const fileNameOf = (name: string): string => {
  const plain = name.replace(/\p{C}/gu, "").trim().slice(0, 200).trim()
  return plain === "" ? "logbook.csv" : plain
}

const storeInput = ({ context }: { context: HistoryImportContext }): StoreChunkInput => {
  const sessions = context.chunks[context.sent]
  if (context.importKey === null || context.logbook === null || context.file === null || sessions === undefined)
    throw new Error("a chunk stored without its import")
  return {
    importKey: context.importKey,
    source: context.logbook.source,
    fileName: fileNameOf(context.file.name),
    sessions
  }
}

// Another file may be chosen whenever nothing is being sent: while storing, the import finishes or fails first.
const chooseFile = {
  target: "#historyImport.reading",
  reenter: true,
  actions: {
    type: "choose",
    params: ({ event }: { event: Extract<HistoryImportEvent, { type: "file.choose" }> }) => ({
      file: event.file,
      importKey: event.importKey
    })
  }
} as const

export const historyImportMachine = setup({
  types: { context: {} as HistoryImportContext, events: {} as HistoryImportEvent },
  actors: {
    readLogbook: fromCallback<HistoryImportEvent, ReadLogbookInput>(({ sendBack }) => {
      sendBack({ type: "read.failed", error: new Error("readLogbook was not provided") })
    }),
    storeChunk: fromPromise<StoreChunkOutput, StoreChunkInput>(() =>
      Promise.reject(new Error("storeChunk was not provided"))
    )
  },
  guards: {
    isUnrecognised: (_, { recognised }: { recognised: boolean }) => !recognised,
    hasNoSets: (_, { sets }: { sets: number }) => sets === 0,
    unitKnown: ({ context }) =>
      context.unit !== null || context.logbook === null || !summarize(context.logbook).needsUnit,
    wasLastChunk: ({ context }) => context.sent + 1 >= context.chunks.length
  },
  actions: {
    choose: assign((_, { file, importKey }: { file: HistoryImportContext["file"]; importKey: string }) => ({
      ...NOTHING_CHOSEN,
      file,
      importKey
    })),
    progress: assign((_, { fraction }: { fraction: number }) => ({
      readFraction: Math.min(1, Math.max(0, fraction))
    })),
    keepLogbook: assign((_, { logbook }: { logbook: NonNullable<HistoryImportContext["logbook"]> }) => ({
      logbook,
      readFraction: 1,
      mapping: Object.fromEntries(suggestMapping(logbook))
    })),
    sayNotAnExport: assign({ error: NOT_AN_EXPORT }),
    sayNothingToImport: assign({ error: NOTHING_TO_IMPORT }),
    sayTheUnit: assign({ error: SAY_THE_UNIT }),
    remap: assign(
      ({ context }, { source, target }: { source: string; target: HistoryImportContext["mapping"][string] }) =>
        Object.hasOwn(context.mapping, source) ? { mapping: { ...context.mapping, [source]: target } } : {}
    ),
    chooseUnit: assign((_, { unit }: { unit: NonNullable<HistoryImportContext["unit"]> }) => ({ unit, error: null })),
    plan: assign(({ context }) => ({
      chunks:
        context.logbook === null
          ? []
          : importChunks(context.logbook, new Map(Object.entries(context.mapping)), context.unit ?? undefined),
      sent: 0,
      stored: EMPTY_COUNTS,
      error: null
    })),
    count: assign(({ context }, { report }: { report: StoreChunkOutput }) => ({
      sent: context.sent + 1,
      stored: {
        sessionsAdded: context.stored.sessionsAdded + report.sessions_added,
        setsAdded: context.stored.setsAdded + report.sets_added,
        sessionsSkipped: context.stored.sessionsSkipped + report.sessions_skipped
      }
    })),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ error: describeFailure(error) })),
    forget: assign(NOTHING_CHOSEN),
    /** The route's: "Your data" lists the new import. */
    reportStored: () => undefined
  }
}).createMachine({
  id: "historyImport",
  context: NOTHING_CHOSEN,
  initial: "idle",
  states: {
    idle: {
      entry: "forget",
      on: { "file.choose": chooseFile }
    },
    reading: {
      invoke: {
        id: "readLogbook",
        src: "readLogbook",
        input: ({ context }) => {
          if (context.file === null) throw new Error("reading without a file")
          return { file: context.file }
        }
      },
      on: {
        "read.progress": { actions: { type: "progress", params: ({ event }) => ({ fraction: event.fraction }) } },
        "read.done": [
          {
            guard: { type: "isUnrecognised", params: ({ event }) => ({ recognised: event.reading.kind === "read" }) },
            target: "unreadable",
            actions: "sayNotAnExport"
          },
          {
            guard: {
              type: "hasNoSets",
              params: ({ event }) => ({
                sets: event.reading.kind === "read" ? summarize(event.reading.logbook).sets : 0
              })
            },
            target: "unreadable",
            actions: "sayNothingToImport"
          },
          {
            target: "previewing",
            actions: {
              type: "keepLogbook",
              params: ({ event }) => {
                if (event.reading.kind !== "read") throw new Error("an unread file previewed")
                return { logbook: event.reading.logbook }
              }
            }
          }
        ],
        "read.failed": {
          target: "unreadable",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        },
        "file.choose": chooseFile,
        "import.reset": "idle"
      }
    },
    unreadable: {
      on: { "file.choose": chooseFile, "import.reset": "idle" }
    },
    previewing: {
      on: {
        "mapping.change": {
          actions: { type: "remap", params: ({ event }) => ({ source: event.source, target: event.target }) }
        },
        "unit.choose": { actions: { type: "chooseUnit", params: ({ event }) => ({ unit: event.unit }) } },
        "import.confirm": [{ guard: "unitKnown", target: "storing", actions: "plan" }, { actions: "sayTheUnit" }],
        "file.choose": chooseFile,
        "import.reset": "idle"
      }
    },
    storing: {
      invoke: {
        id: "storeChunk",
        src: "storeChunk",
        input: storeInput,
        onDone: [
          {
            guard: "wasLastChunk",
            target: "stored",
            actions: { type: "count", params: ({ event }) => ({ report: event.output }) }
          },
          {
            // The next chunk: storing again, with a new call.
            target: "storing",
            reenter: true,
            actions: { type: "count", params: ({ event }) => ({ report: event.output }) }
          }
        ],
        onError: {
          target: "storeFailed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    storeFailed: {
      on: {
        // The same key, from the chunk that failed: what the server stored before is not sent again.
        "import.retry": "storing",
        "import.reset": "idle"
      }
    },
    stored: {
      entry: "reportStored",
      on: { "file.choose": chooseFile, "import.reset": "idle" }
    }
  }
})

export type HistoryImportMachine = typeof historyImportMachine
