/**
 * The roster import (docs/decisions/049) walked by its model: every state and transition,
 * replayed on a running actor with its real implementations; the picked file's text and
 * the gateway are answered by the test. Nothing is sent before Confirm, and then every row
 * of the file in order; a file that cannot be sent (no rows) is never sent; the client
 * list is handed the server's list exactly once per report; a failure keeps the preview
 * and says why.
 */
import { describe, expect, test } from "vitest"
import { type AnyActorRef, createActor, initialTransition } from "xstate"
// Loaded here, as a picked file's reading loads it (roster-import.actors.ts), so the replay's answers arrive in order.
import { NO_ROSTER_ROWS, readRosterFile } from "#domain/roster-file.ts"
import { rosterPayloadRows } from "#domain/roster-import.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { rosterImportImplementations } from "#machines/roster-import/roster-import.actors.ts"
import { pickedFile, ROSTER_CSV, rosterFile, rosterReport } from "#machines/roster-import/roster-import.fixtures.ts"
import { FILE_NOT_READ, rosterImportMachine } from "#machines/roster-import/roster-import.machine.ts"
import {
  IMPORTING,
  LOOKS_RIGHT,
  READING,
  type RosterImportSnapshot,
  selectRosterImport
} from "#machines/roster-import/roster-import.selectors.ts"
import type { PickedFile, RosterImportEvent } from "#machines/roster-import/roster-import.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { type ActorAnswer, deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = RosterImportEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const EMPTY_CSV = "name,email\n\n"
const emptyFile = readRosterFile(EMPTY_CSV)
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const unreadable = new Error("NotReadableError")

// In the model a file is its name; the running actor reads whichever text the test answers with.
const files = {
  good: pickedFile(ROSTER_CSV, "clients.csv"),
  empty: pickedFile(EMPTY_CSV, "empty.csv")
}

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "file.pick", file: files.good },
  { type: "file.pick", file: files.empty },
  { type: "import.confirm" },
  { type: "import.cancel" },
  { type: "import.retry" },
  { type: "import.again" },
  done("readFile", rosterFile),
  done("readFile", emptyFile),
  failure("readFile", unreadable),
  done("importClients", rosterReport),
  failure("importClients", serverDown)
]

const serialize = (snapshot: RosterImportSnapshot) =>
  JSON.stringify([
    leafOf(snapshot),
    snapshot.context.fileName,
    snapshot.context.file?.rows.length ?? null,
    snapshot.context.report !== null,
    snapshot.context.failure
  ])

const walk = modelOf<RosterImportSnapshot, ModelEvent>(rosterImportMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

describe("the roster import machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, Confirm's guard included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })

  test("anywhere in the walk, Confirm is offered and sends only a file that can be sent", () => {
    const states = walk.edges.flatMap((edge) => [edge.from, edge.path.state])
    expect(states.some((state) => state.matches("previewing") && state.context.fileName === "empty.csv")).toBe(true)
    for (const state of states) {
      const sendable = state.context.file !== null && state.context.file.problems.length === 0
      expect(selectRosterImport(state).canConfirm).toBe(state.matches("previewing") && sendable)
      if (state.matches("importing")) expect(sendable).toBe(true)
    }
  })
})

/** A picked file whose text the test gives (or refuses) when the machine reads it. */
function deferredFiles() {
  let pending: { resolve: (text: string) => void; reject: (error: unknown) => void } | undefined
  const read = (): Promise<string> =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject }
    })
  const answer: ActorAnswer = {
    done: (output) => {
      if (pending === undefined) throw new Error("no file is being read")
      pending.resolve(output === emptyFile ? EMPTY_CSV : ROSTER_CSV)
      pending = undefined
    },
    error: (error) => {
      if (pending === undefined) throw new Error("no file is being read")
      pending.reject(error)
      pending = undefined
    }
  }
  return { read, answer, isReading: () => pending !== undefined }
}

function runningImport() {
  const stubs = deferredGateway(["importClients"])
  const reads = deferredFiles()
  const shown: Array<ClientLookup> = []
  const machine = rosterImportMachine.provide(
    rosterImportImplementations({ data: stubs.gateway, showClients: (clients) => shown.push(clients) })
  )
  const actor = createActor(machine).start()
  // The model's files, read as the test answers: the actor is sent these, not the model's.
  const live = (file: PickedFile): PickedFile => ({ name: file.name, text: reads.read })
  return {
    stubs,
    reads,
    shown,
    actor,
    live,
    answers: { readFile: reads.answer, importClients: oneCall(stubs, "importClients") }
  }
}

describe("a running roster import, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningImport()
    const { actor, stubs, reads, shown } = running
    const [initial] = initialTransition(rosterImportMachine, undefined)
    let reports = 0
    // The live actor is sent files that read as the test answers; the model's carry their own text.
    const liveActor = {
      send: (event: ModelEvent) =>
        actor.send(
          event.type === "file.pick" && "file" in event
            ? { type: "file.pick", file: running.live(event.file) }
            : (event as RosterImportEvent)
        )
    } as unknown as AnyActorRef
    await replayPath<RosterImportSnapshot, ModelEvent>(
      initial,
      edge.path,
      liveActor,
      running.answers,
      (expected, event) => {
        const actual = actor.getSnapshot()
        const leaf = leafOf(actual)
        expect(leaf).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        const view = selectRosterImport(actual)
        expect(view.status).toBe(leaf)
        expect(reads.isReading()).toBe(leaf === "reading")
        expect(view.busy).toBe(leaf === "reading" ? READING : leaf === "importing" ? IMPORTING : null)
        // Sent only from Confirm, every row of the file in order; never a file that cannot be sent.
        expect(stubs.isWaitingFor("importClients")).toBe(leaf === "importing")
        if (leaf === "importing") {
          expect(actual.context.file?.problems).toEqual([])
          expect(stubs.argsOf("importClients")).toEqual([rosterPayloadRows((actual.context.file ?? emptyFile).rows)])
        }
        expect(view.canConfirm).toBe(leaf === "previewing" && actual.context.file?.problems.length === 0)
        if (leaf === "previewing" && actual.context.fileName === "empty.csv")
          expect(view.preview?.problems).toEqual([NO_ROSTER_ROWS])
        if (leaf === "previewing" || leaf === "importing" || leaf === "failed") {
          expect(view.preview?.rows.map((row) => [row.line, row.check])).toEqual(
            actual.context.file?.rows.map((row) => [row.line, row.problem ?? LOOKS_RIGHT])
          )
        } else expect(view.preview).toBeNull()
        // The client list is handed the server's list once per report, and never otherwise.
        if (event?.type === "xstate.done.actor.importClients") reports += 1
        expect(shown).toEqual(Array.from({ length: reports }, () => rosterReport.clients))
        if (leaf === "reported") {
          expect(view.report?.summary).toBe("Import done: 1 invitation sent, 2 rows not invited.")
          // The report's lines are the file's lines the preview showed.
          expect(view.report?.rows.map((row) => [row.line, row.outcome])).toEqual([
            [2, "Invited"],
            [3, "Not an email"],
            [4, "Already invited"]
          ])
        } else expect(view.report).toBeNull()
        expect(view.failure).toBe(
          leaf === "failed"
            ? NETWORK_DOWN
            : leaf === "idle" && event?.type === "xstate.error.actor.readFile"
              ? FILE_NOT_READ
              : null
        )
        expect(view.canRetry).toBe(leaf === "failed")
      }
    )
    actor.stop()
  })
})
