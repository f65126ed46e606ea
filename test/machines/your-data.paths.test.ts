/**
 * A lifter's imports, walked by the model: every state and transition (Undo offered only
 * within an import's day), replayed on a running actor whose gateway the test answers. An
 * undo is sent once, for the import asked about, only after Confirm; the count it reports is
 * the server's.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { ImportRecord } from "#domain/history-import.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { yourDataImplementations } from "#machines/your-data/your-data.actors.ts"
import { LIFTER_ID, oldImport, recentImport } from "#machines/your-data/your-data.fixtures.ts"
import { undoneNotice, yourDataMachine } from "#machines/your-data/your-data.machine.ts"
import { selectYourData, type YourDataSnapshot } from "#machines/your-data/your-data.selectors.ts"
import type { YourDataEvent } from "#machines/your-data/your-data.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = YourDataEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const input = { clientId: LIFTER_ID }
const undone: ImportRecord = { ...recentImport, undone: true, undo_until: null }

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "list.reload" },
  { type: "list.retry" },
  { type: "undo.ask", importId: recentImport.id },
  { type: "undo.ask", importId: oldImport.id },
  { type: "undo.confirm" },
  { type: "undo.cancel" },
  { type: "undo.retry" },
  done("loadImports", [recentImport, oldImport]),
  failure("loadImports", serverDown),
  done("undoImport", undone),
  failure("undoImport", serverDown)
]

const serialize = (snapshot: YourDataSnapshot) => {
  const { imports, undoId, notice, error } = snapshot.context
  return JSON.stringify([leafOf(snapshot), imports, undoId, notice, error])
}

const walk = modelOf<YourDataSnapshot, ModelEvent>(yourDataMachine, { input, events: eventsFor, serialize })

describe("the your-data machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, the guarded Undo both ways", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningData() {
  const stubs = deferredGateway(["imports", "undoImport"])
  const machine = yourDataMachine.provide(yourDataImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input }).start()
  const answers = {
    loadImports: oneCall(stubs, "imports"),
    undoImport: oneCall(stubs, "undoImport")
  }
  return { stubs, actor, answers }
}

describe("a running your-data, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const { stubs, actor, answers } = runningData()
    const [initial] = initialTransition(yourDataMachine, input)
    await replayPath<YourDataSnapshot, ModelEvent>(initial, edge.path, actor, answers, (expected, event) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      const leaf = leafOf(actual)
      expect(stubs.isWaitingFor("imports")).toBe(leaf === "loading")
      expect(stubs.isWaitingFor("undoImport")).toBe(leaf === "undoing")
      if (leaf === "undoing") expect(stubs.argsOf("undoImport")).toEqual([recentImport.id])
      const view = selectYourData(actual)
      expect(view.status).toBe(leaf)
      if (event?.type === "xstate.done.actor.undoImport") {
        expect(actual.context.notice).toBe(undoneNotice(undone, recentImport.sets))
        expect(view.imports.map((record) => record.id)).toEqual([oldImport.id])
      }
      if (leaf.endsWith("Failed")) expect(view.error).toBe(NETWORK_DOWN)
    })
    actor.stop()
  })
})
