/**
 * The coach dashboard's overview walked by its model: every state and transition, replayed
 * on a running actor with its real implementations (a gateway the test answers, and word
 * of an added client through the port the route fills from the client list). A coach sees
 * a loading line, the rows once read (kept while a refresh is under way), or the reason a
 * read failed with a retry; adding a client reads the overview again.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import { coachId, twoClientsAndAnInvitation } from "#machines/coach-clients/coach-clients.fixtures.ts"
import { coachClientsMachine } from "#machines/coach-clients/coach-clients.machine.ts"
import { coachOverviewImplementations } from "#machines/coach-overview/coach-overview.actors.ts"
import { clientsAddedTo } from "#machines/coach-overview/coach-overview.clients.ts"
import { fourClients, noClients, overviewToday } from "#machines/coach-overview/coach-overview.fixtures.ts"
import { coachOverviewMachine } from "#machines/coach-overview/coach-overview.machine.ts"
import {
  NOTHING_SCHEDULED,
  selectCoachOverview,
  type CoachOverviewSnapshot
} from "#machines/coach-overview/coach-overview.selectors.ts"
import type { CoachOverviewEvent } from "#machines/coach-overview/coach-overview.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = CoachOverviewEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const input = { today: overviewToday, utcOffset: 0 }
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const events: ReadonlyArray<ModelEvent> = [
  { type: "overview.retry" },
  { type: "client.added" },
  done("loadOverview", fourClients),
  failure("loadOverview", serverDown),
  done("refreshOverview", noClients),
  failure("refreshOverview", serverDown)
]

const serialize = (snapshot: CoachOverviewSnapshot) =>
  JSON.stringify({ state: leafOf(snapshot), clients: snapshot.context.overview?.clients.length ?? null })

const walk = modelOf<CoachOverviewSnapshot, ModelEvent>(coachOverviewMachine, {
  input,
  events: () => events,
  serialize
})

describe("the coach overview machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** An overview with its real implementations; the gateway waits for the test, additions come through the port. */
function runningOverview() {
  const stubs = deferredGateway(["coachOverview"])
  const listeners = new Set<() => void>()
  const machine = coachOverviewMachine.provide(
    coachOverviewImplementations({
      gateway: stubs.gateway,
      watchClientsAdded: (onAdded) => {
        listeners.add(onAdded)
        return () => listeners.delete(onAdded)
      }
    })
  )
  const actor = createActor(machine, { input }).start()
  const read = oneCall(stubs, "coachOverview")
  // What the replay sends as `client.added` arrives the way the route delivers it: through the port.
  const driver = {
    send: (event: ModelEvent) => {
      if (event.type === "client.added") listeners.forEach((onAdded) => onAdded())
      else actor.send(event as CoachOverviewEvent)
    }
  } as unknown as AnyActorRef
  return { stubs, actor, driver, listeners, answers: { loadOverview: read, refreshOverview: read } }
}

function expectWhatACoachSees(snapshot: CoachOverviewSnapshot, { stubs }: ReturnType<typeof runningOverview>) {
  const leaf = leafOf(snapshot)
  const view = selectCoachOverview(snapshot)
  expect(view.loading).toBe(leaf === "loading")
  expect(view.refreshing).toBe(leaf === "refreshing")
  expect(view.error).toBe(leaf === "failed" ? NETWORK_DOWN : null)
  expect(view.canRetry).toBe(leaf === "failed")
  // Exactly one read is waiting while loading or refreshing, for the coach's day.
  expect(stubs.isWaitingFor("coachOverview")).toBe(leaf === "loading" || leaf === "refreshing")
  if (stubs.isWaitingFor("coachOverview")) expect(stubs.argsOf("coachOverview")).toEqual([overviewToday, 0])
  const shown = leaf === "loaded" || leaf === "refreshing" ? (snapshot.context.overview?.clients.length ?? 0) : 0
  expect(view.rows).toHaveLength(shown)
  expect(view.empty).toBe((leaf === "loaded" || leaf === "refreshing") && shown === 0)
}

describe("a running overview, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningOverview()
    const [initial] = initialTransition(coachOverviewMachine, input)
    await replayPath<CoachOverviewSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.driver,
      running.answers,
      (expected) => {
        const actual = running.actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatACoachSees(actual, running)
      }
    )
    running.actor.stop()
    // Stopping the dashboard stops listening to the client list.
    expect(running.listeners.size).toBe(0)
  })
})

describe("the rows a coach reads", () => {
  test("those needing attention first (missed, or nothing coming), each line worded", async () => {
    const running = runningOverview()
    await settleMicrotasks()
    running.stubs.settle("coachOverview", fourClients)
    await settleMicrotasks()
    const rows = selectCoachOverview(running.actor.getSnapshot()).rows
    expect(rows.map((row) => [row.name, row.needsAttention])).toEqual([
      ["Bo Client", true],
      ["Cy Idle", true],
      ["Dee New", true],
      ["Ann Lifter", false]
    ])
    expect(rows[3]).toMatchObject({
      lastSession: "Last session: Nov 18",
      week: "This week: 2 of 3 done",
      missed: null,
      records: ["New record: Back Squat — estimated 1RM 320 lb"]
    })
    expect(rows[0]).toMatchObject({ missed: "Missed: 3", nothingScheduled: false })
    expect(rows[1]).toMatchObject({ upcoming: NOTHING_SCHEDULED, nothingScheduled: true })
    running.actor.stop()
  })
})

describe("word of an added client, read off the client list", () => {
  test("each add that succeeds is told once; a failed add and the first load are not", async () => {
    const stubs = deferredGateway(["getAllClients", "addClient"])
    const clients = createActor(
      coachClientsMachine.provide(coachClientsImplementations({ gateway: stubs.gateway, coaching: stubs.gateway })),
      {
        input: { coachId }
      }
    ).start()
    let told = 0
    const stop = clientsAddedTo(clients)(() => (told += 1))
    await settleMicrotasks()
    stubs.settle("getAllClients", twoClientsAndAnInvitation)
    await settleMicrotasks()
    const add = async (email: string, answer: (name: "addClient") => void) => {
      clients.send({ type: "email.change", email })
      clients.send({ type: "client.add" })
      await settleMicrotasks()
      answer("addClient")
      await settleMicrotasks()
    }
    await add("dee@example.com", (name) => stubs.settle(name, twoClientsAndAnInvitation))
    expect(told).toBe(1)
    await add("eve@example.com", (name) => stubs.fail(name, serverDown))
    expect(told).toBe(1)
    // Added straight after another add, while 'Client added!' still shows: told again.
    await add("fay@example.com", (name) => stubs.settle(name, twoClientsAndAnInvitation))
    await add("gus@example.com", (name) => stubs.settle(name, twoClientsAndAnInvitation))
    expect(told).toBe(3)
    stop()
    await add("hal@example.com", (name) => stubs.settle(name, twoClientsAndAnInvitation))
    expect(told).toBe(3)
    clients.stop()
  })
})
