/**
 * A lifter's import, walked by its model: every state and transition (the guarded reads,
 * the unit asked before Import, the chunk loop both ways), replayed on a running actor whose
 * reader and gateway the test answers. Nothing is sent before the lifter confirms; each
 * chunk goes once, under the file's import key, in order; a failed chunk is the one sent
 * again; "Your data" hears of an import exactly when the last chunk is stored.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { ImportChunk, ImportChunkReport, ImportId } from "#domain/history-import.ts"
import type { Logbook } from "#domain/import-formats/logbook.ts"
import { importChunks } from "#domain/import-plan.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { historyImportImplementations } from "#machines/history-import/history-import.actors.ts"
import { strongFile, strongLogbook, unitlessLogbook } from "#machines/history-import/history-import.fixtures.ts"
import {
  historyImportMachine,
  NOT_AN_EXPORT,
  NOTHING_TO_IMPORT,
  SAY_THE_UNIT
} from "#machines/history-import/history-import.machine.ts"
import { type HistoryImportSnapshot, selectHistoryImport } from "#machines/history-import/history-import.selectors.ts"
import type { HistoryImportEvent } from "#machines/history-import/history-import.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = HistoryImportEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const KEY = "import-key-for-the-walk-01"
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

/** 201 one-set sessions: two chunks (at most 200 sessions a call), so the chunk loop turns. */
const longLogbook: Logbook = {
  source: "hevy",
  left: [],
  sessions: Array.from({ length: 201 }, (_, index) => ({
    key: `hevy:session-${index}`,
    date: "2026-01-05" as IsoDate,
    startedAt: undefined,
    durationSeconds: undefined,
    title: undefined,
    exercises: [{ name: "Deadlift (Barbell)", sets: [{ weight: 140, unit: "kg" as const, reps: 3, rpe: null }] }]
  }))
}
const emptyLogbook: Logbook = { source: "fitnotes", sessions: [], left: [] }

const reportOf = (snapshot: HistoryImportSnapshot): ImportChunkReport => {
  const sessions = snapshot.context.chunks[snapshot.context.sent] ?? []
  return {
    import_id: 4 as ImportId,
    sessions_added: sessions.length,
    sets_added: sessions.reduce((n, s) => n + s.exercises.reduce((m, e) => m + e.sets.length, 0), 0),
    sessions_skipped: 0
  }
}

const eventsFor = (snapshot: HistoryImportSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "file.choose", file: strongFile, importKey: KEY },
  { type: "read.progress", fraction: 0.5 },
  { type: "read.done", reading: { kind: "unrecognised" } },
  { type: "read.done", reading: { kind: "read", logbook: emptyLogbook } },
  { type: "read.done", reading: { kind: "read", logbook: strongLogbook } },
  { type: "read.done", reading: { kind: "read", logbook: unitlessLogbook } },
  { type: "read.done", reading: { kind: "read", logbook: longLogbook } },
  { type: "read.failed", error: serverDown },
  {
    type: "mapping.change",
    source: "Cable Fly Crossovers",
    target: { kind: "library", id: "cable-fly", name: "Cable Fly" }
  },
  { type: "unit.choose", unit: "kg" },
  { type: "import.confirm" },
  { type: "import.retry" },
  { type: "import.reset" },
  done("storeChunk", reportOf(snapshot)),
  failure("storeChunk", serverDown)
]

const serialize = (snapshot: HistoryImportSnapshot) => {
  const { file, readFraction, logbook, mapping, unit, chunks, sent, error } = snapshot.context
  return JSON.stringify([
    leafOf(snapshot),
    file?.name,
    readFraction,
    logbook === null
      ? null
      : [logbook.source, logbook.sessions.length, logbook.sessions[0]?.exercises[0]?.sets[0]?.unit],
    mapping,
    unit,
    chunks.length,
    sent,
    error
  ])
}

const walk = modelOf<HistoryImportSnapshot, ModelEvent>(historyImportMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

describe("the history import machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, each guard both ways", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningImport() {
  const stubs = deferredGateway(["importChunk"])
  const reads = { started: 0, stopped: 0 }
  const heard = { imports: 0 }
  const machine = historyImportMachine.provide(
    historyImportImplementations({
      readLogbook: () => {
        reads.started += 1
        return { done: new Promise(() => undefined), stop: () => (reads.stopped += 1) }
      },
      gateway: stubs.gateway,
      imported: () => (heard.imports += 1)
    })
  )
  const actor = createActor(machine).start()
  return { stubs, reads, heard, actor, answers: { storeChunk: oneCall(stubs, "importChunk") } }
}

describe("a running import, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const { stubs, reads, heard, actor, answers } = runningImport()
    const [initial] = initialTransition(historyImportMachine, undefined)
    let storedEntries = 0
    let sentChunks = 0
    await replayPath<HistoryImportSnapshot, ModelEvent>(initial, edge.path, actor, answers, (expected, event) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      const leaf = leafOf(actual)
      const { context } = actual
      // The file is read only while reading; leaving stops the reader.
      expect(reads.started - reads.stopped).toBe(leaf === "reading" ? 1 : 0)
      // A call is out only while storing: the next chunk, under the file's key, nothing before confirm.
      expect(stubs.isWaitingFor("importChunk")).toBe(leaf === "storing")
      if (leaf === "storing") {
        const sent = stubs.argsOf("importChunk")?.[0] as ImportChunk
        expect(sent).toEqual({
          import_key: KEY,
          source: context.logbook?.source,
          file_name: "strong_workouts.csv",
          sessions: context.chunks[context.sent]
        })
        expect(context.chunks).toEqual(
          importChunks(context.logbook as Logbook, new Map(Object.entries(context.mapping)), context.unit ?? undefined)
        )
      }
      if (event?.type === "xstate.done.actor.storeChunk") sentChunks += 1
      if (event !== undefined && leaf === "stored" && event.type === "xstate.done.actor.storeChunk") storedEntries += 1
      expect(context.sent).toBeLessThanOrEqual(sentChunks)
      // "Your data" hears of the import once per import stored, never before its last chunk.
      expect(heard.imports).toBe(storedEntries)
      const view = selectHistoryImport(actual)
      expect(view.status).toBe(leaf)
      if (leaf === "unreadable" && view.status === "unreadable")
        expect([NOT_AN_EXPORT, NOTHING_TO_IMPORT, NETWORK_DOWN]).toContain(view.message)
      if (leaf === "previewing" && event?.type === "import.confirm") expect(context.error).toBe(SAY_THE_UNIT)
      if (leaf === "stored" && view.status === "stored")
        expect(view.stored.setsAdded).toBe(
          context.chunks.flat().reduce((n, s) => n + s.exercises.reduce((m, e) => m + e.sets.length, 0), 0)
        )
    })
    actor.stop()
  })
})
