/**
 * The coach's client list and add-client form walked by their model: every state and
 * transition, replayed on a running actor (its real implementations, a gateway the test
 * answers) with fake timers. A coach
 * must see 'Invalid email format' without anything being sent, the new list after an
 * add, and 'Client added!' or 'Error adding client' for exactly 5 seconds.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition } from "xstate"
import { INVALID_EMAIL_FORMAT } from "#domain/user.ts"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import { coachId, twoClientsAndAnInvitation } from "#machines/coach-clients/coach-clients.fixtures.ts"
import { coachClientsMachine, MESSAGE_TIMEOUT_MS } from "#machines/coach-clients/coach-clients.machine.ts"
import {
  CLIENT_ADDED,
  CLIENTS_NOT_LOADED,
  ERROR_ADDING_CLIENT,
  selectAddClient,
  selectClientList,
  type CoachClientsSnapshot
} from "#machines/coach-clients/coach-clients.selectors.ts"
import type { CoachClientsEvent } from "#machines/coach-clients/coach-clients.types.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = CoachClientsEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const input = { coachId }
const withDee = { ...twoClientsAndAnInvitation, "9": { name: "Dee Newcomer", pending: false } }
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const eventsFor = (snapshot: CoachClientsSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "email.change", email: "dee@example.com" },
  { type: "email.change", email: "dee@example" },
  { type: "client.add" },
  { type: "clients.retry" },
  done("loadClients", twoClientsAndAnInvitation),
  failure("loadClients", serverDown),
  done("addClient", withDee),
  failure("addClient", { _tag: "Conflict", error: "dee@example.com is already on your client list" }),
  ...delayedEvents(snapshot)
]

const serialize = (snapshot: CoachClientsSnapshot) =>
  JSON.stringify({ state: leafOf(snapshot), email: snapshot.context.email, clients: Object.keys(snapshot.context.clients).length })

const walk = modelOf<CoachClientsSnapshot, ModelEvent>(coachClientsMachine, { input, events: eventsFor, serialize })

describe("the client list machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** A client list with its real implementations; the gateway waits for the test. */
function runningClients() {
  const stubs = deferredGateway(["getAllClients", "addClient"])
  const machine = coachClientsMachine.provide(coachClientsImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input }).start()
  return {
    stubs,
    actor,
    answers: { loadClients: oneCall(stubs, "getAllClients"), addClient: oneCall(stubs, "addClient") }
  }
}
type RunningClients = ReturnType<typeof runningClients>

function expectWhatACoachSees(snapshot: CoachClientsSnapshot, { stubs }: RunningClients, event: ModelEvent | undefined) {
  const leaf = leafOf(snapshot)
  const list = selectClientList(snapshot)
  const form = selectAddClient(snapshot)
  expect(list.loading).toBe(leaf === "loading")
  expect(list.loadError).toBe(leaf === "loadFailed" ? CLIENTS_NOT_LOADED : null)
  expect(stubs.isWaitingFor("getAllClients")).toBe(leaf === "loading")
  if (leaf === "loading") expect(stubs.argsOf("getAllClients")).toEqual([coachId])
  expect(stubs.isWaitingFor("addClient")).toBe(leaf === "ready.adding")
  const expectedMessage = {
    "ready.invalid": INVALID_EMAIL_FORMAT,
    "ready.added": CLIENT_ADDED,
    "ready.addFailed": ERROR_ADDING_CLIENT
  }[leaf]
  expect(form.message?.text ?? null).toBe(expectedMessage ?? null)
  if (leaf === "ready.adding") {
    expect(stubs.argsOf("addClient")).toEqual([{ data: { coachId, clientEmail: snapshot.context.email } }])
  }
  // The form takes input once the list is there, except while an add is under way.
  expect(form.disabled).toBe(!leaf.startsWith("ready") || leaf === "ready.adding")
  if (leaf === "ready.added" && event?.type === "xstate.done.actor.addClient") {
    expect(list.clients.map((client) => client.name)).toContain("Dee Newcomer")
    expect(form.email).toBe("")
  }
  if (leaf === "ready.idle" && list.clients.length > 0) {
    expect(list.clients.filter((client) => client.pending).map((client) => client.name)).toEqual(["cy@example.com"])
  }
}

describe("a running client list, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningClients()
    const { actor } = running
    const [initial] = initialTransition(coachClientsMachine, input)
    await replayPath<CoachClientsSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatACoachSees(actual, running, event)
      },
      { messageTimeout: MESSAGE_TIMEOUT_MS }
    )
    actor.stop()
  })
})

describe("the add-client message", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("'Client added!' shows for 5000 ms and then clears", async () => {
    vi.useFakeTimers()
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", {})
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: "email.change", email: "dee@example.com" })
    actor.send({ type: "client.add" })
    await settleMicrotasks()
    stubs.settle("addClient", withDee)
    await vi.advanceTimersByTimeAsync(0)
    expect(selectAddClient(actor.getSnapshot()).message?.text).toBe(CLIENT_ADDED)
    await vi.advanceTimersByTimeAsync(MESSAGE_TIMEOUT_MS - 1)
    expect(selectAddClient(actor.getSnapshot()).message?.text).toBe(CLIENT_ADDED)
    await vi.advanceTimersByTimeAsync(1)
    expect(selectAddClient(actor.getSnapshot()).message).toBeNull()
    actor.stop()
  })

  test("a badly formed email says 'Invalid email format' and sends nothing", async () => {
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", {})
    await settleMicrotasks()
    for (const email of ["ann@lifter", "ann@lifter.museum", "ann lifter@example.com", ""]) {
      actor.send({ type: "email.change", email })
      actor.send({ type: "client.add" })
      expect(selectAddClient(actor.getSnapshot()).message?.text).toBe(INVALID_EMAIL_FORMAT)
    }
    await settleMicrotasks()
    expect(stubs.calls.filter((call) => call.name === "addClient")).toEqual([])
    actor.stop()
  })
})
