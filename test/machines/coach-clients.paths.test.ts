/**
 * The coach's client list and add-client form walked by their model: every state and
 * transition, replayed on a running actor (its real implementations, a gateway the test
 * answers) with fake timers. A coach
 * must see 'Invalid email format' without anything being sent, the new list after an
 * add, and for exactly 5 seconds what the answer shows: "Invitation sent" for an
 * invitation, 'Client added!' only for a linked client, 'Error adding client' for a
 * refusal, or the server's own words for a 403 (verify your email). Removing asks first
 * for a linked client, withdraws an invitation at once, and says it was done only once
 * the server's list no longer holds the entry (docs/decisions/033). An open invitation's
 * email can be sent again: "Invitation sent again to <email>." for 5 seconds, or the
 * server's reason with a retry; a 429 says when, and offers no retry. A linked client can
 * be archived (asked first) and restored: listed apart, said only once the server's list
 * shows it; a client no longer on the list is said so, and not tried again. A list that
 * did not load says why: a refused session or a server fault is not a connection to check.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition } from "xstate"
import { Conflict, Unauthorized } from "#domain/api-errors.ts"
import { InvitationNotFound, ResendTooSoon } from "#domain/coaching-errors.ts"
import { resendTooSoonMessage } from "#domain/invitation-resend.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { INVALID_EMAIL_FORMAT } from "#domain/user.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { coachClientsImplementations } from "#machines/coach-clients/coach-clients.actors.ts"
import {
  coachId,
  twoClientsAndAnInvitation,
  withADeclinedInvitation,
  withAnnArchived
} from "#machines/coach-clients/coach-clients.fixtures.ts"
import {
  coachClientsMachine,
  MESSAGE_TIMEOUT_MS,
  notOnListText,
  refusalOf
} from "#machines/coach-clients/coach-clients.machine.ts"
import {
  ACCESS_ENDS,
  ARCHIVE_KEEPS,
  archivedText,
  archiveQuestion,
  ARCHIVING,
  notArchivedText,
  notRestoredText,
  restoredText,
  RESTORING,
  CLIENT_ADDED,
  END_COACHING,
  endedText,
  endQuestion,
  ERROR_ADDING_CLIENT,
  INVITATION_SENT,
  NOT_RESENT,
  RESENDING,
  resentText,
  selectAddClient,
  WITHDRAW_INVITATION,
  withdrawnText,
  selectClientList,
  type CoachClientsSnapshot
} from "#machines/coach-clients/coach-clients.selectors.ts"
import type { CoachClientsEvent } from "#machines/coach-clients/coach-clients.types.ts"
import { describeFailure, NETWORK_DOWN, SOMETHING_WENT_WRONG } from "#machines/failure-text.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = CoachClientsEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const input = { coachId }
/** An answer that links (what SPEC's add did), and one that invites (what ADR 033's does). */
const withDee = { ...twoClientsAndAnInvitation, "9": { name: "Dee Newcomer", pending: false } }
const withDeeInvited = {
  ...twoClientsAndAnInvitation,
  "pending:dee@example.com": { name: "dee@example.com", pending: true }
}
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
/** The 401 the API answers a disabled account or a revoked sign-in. */
const REVOKED = "Your account is disabled or your sign-in was revoked; sign in again"
const revoked = new Unauthorized({ error: REVOKED })
const serverFault = new GatewayDefect({ reason: "status", status: 500, message: "The server answered 500" })
/** What the list says when it did not load, by what the load failed with. */
const loadErrorFor = (error: unknown): string =>
  `We couldn't load your clients. ${error === revoked ? REVOKED : error === serverFault ? SOMETHING_WENT_WRONG : NETWORK_DOWN}`
const VERIFY_FIRST = "Verify your email address before inviting clients"
const unverifiedCoach = new EmailNotVerified({ error: VERIFY_FIRST })
const TOO_SOON = resendTooSoonMessage(9 * 60_000)
const tooSoon = new ResendTooSoon({ error: TOO_SOON })
const notOnList = new ClientNotFound({ error: "clientId: no client with id 8 on your client list" })

const without = (clients: ClientLookup, key: string | undefined): ClientLookup =>
  Object.fromEntries(Object.entries(clients).filter(([each]) => each !== key))

/** The list the server answers once `key` is archived (or restored): the entry marked, or its mark gone. */
const marked = (clients: ClientLookup, key: string | undefined, archived: boolean): ClientLookup =>
  Object.fromEntries(
    Object.entries(clients).map(([each, entry]) => {
      if (each !== key) return [each, entry]
      const { archived: _, ...rest } = entry
      return [each, archived ? { ...rest, archived: true } : rest]
    })
  )

const eventsFor = (snapshot: CoachClientsSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "email.change", email: "dee@example.com" },
  { type: "email.change", email: "dee@example" },
  { type: "client.add" },
  { type: "clients.retry" },
  { type: "client.remove", key: "7" },
  { type: "client.remove", key: "pending:cy@example.com" },
  { type: "client.remove", key: "12" },
  { type: "removal.confirm" },
  { type: "removal.cancel" },
  { type: "removal.retry" },
  { type: "removal.dismiss" },
  { type: "invitation.resend", key: "pending:cy@example.com" },
  { type: "invitation.resend", key: "pending:dee@example.com" },
  { type: "invitation.resend", key: "7" },
  { type: "resend.retry" },
  { type: "resend.dismiss" },
  { type: "client.archive", key: "8" },
  { type: "client.archive", key: "7" },
  { type: "client.archive", key: "pending:cy@example.com" },
  { type: "archive.confirm" },
  { type: "archive.cancel" },
  { type: "archive.retry" },
  { type: "archive.dismiss" },
  { type: "client.restore", key: "8" },
  { type: "client.restore", key: "7" },
  { type: "restore.retry" },
  { type: "restore.dismiss" },
  // A roster import answers the whole list (docs/decisions/049): taken while idle, and while an add is under way.
  ...(["ready.idle", "ready.adding"].includes(leafOf(snapshot))
    ? [{ type: "clients.imported", clients: withDeeInvited } as const]
    : []),
  done("loadClients", twoClientsAndAnInvitation),
  done("loadClients", withADeclinedInvitation),
  done("loadClients", withAnnArchived),
  failure("loadClients", serverDown),
  failure("loadClients", revoked),
  failure("loadClients", serverFault),
  done("addClient", withDee),
  done("addClient", withDeeInvited),
  done("addClient", { ...withAnnArchived, "pending:dee@example.com": { name: "dee@example.com", pending: true } }),
  failure("addClient", { _tag: "Conflict", error: "dee@example.com is already on your client list" }),
  failure("addClient", unverifiedCoach),
  done("removeClient", without(snapshot.context.clients, snapshot.context.removal?.key)),
  failure("removeClient", serverDown),
  done("resendInvitation", snapshot.context.clients),
  failure("resendInvitation", tooSoon),
  failure("resendInvitation", serverDown),
  done("archiveClient", marked(snapshot.context.clients, snapshot.context.archival?.key, true)),
  failure("archiveClient", serverDown),
  failure("archiveClient", notOnList),
  done("restoreClient", marked(snapshot.context.clients, snapshot.context.archival?.key, false)),
  failure("restoreClient", serverDown),
  failure("restoreClient", notOnList),
  ...delayedEvents(snapshot)
]

const serialize = (snapshot: CoachClientsSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    email: snapshot.context.email,
    loadFailure: snapshot.context.loadFailure,
    clients: Object.keys(snapshot.context.clients).sort(),
    archived: Object.keys(snapshot.context.clients)
      .filter((key) => snapshot.context.clients[key]?.archived === true)
      .sort(),
    removal: snapshot.context.removal?.key ?? null,
    resend: snapshot.context.resend?.key ?? null,
    resendFailure: snapshot.context.resendFailure,
    archival: snapshot.context.archival?.key ?? null,
    archivalFailure: snapshot.context.archivalFailure
  })

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
  const stubs = deferredGateway([
    "getAllClients",
    "addClient",
    "removeClient",
    "resendInvitation",
    "archiveClient",
    "restoreClient"
  ])
  const machine = coachClientsMachine.provide(
    coachClientsImplementations({ gateway: stubs.gateway, coaching: stubs.gateway })
  )
  const actor = createActor(machine, { input }).start()
  return {
    stubs,
    actor,
    answers: {
      loadClients: oneCall(stubs, "getAllClients"),
      addClient: oneCall(stubs, "addClient"),
      removeClient: oneCall(stubs, "removeClient"),
      resendInvitation: oneCall(stubs, "resendInvitation"),
      archiveClient: oneCall(stubs, "archiveClient"),
      restoreClient: oneCall(stubs, "restoreClient")
    }
  }
}
type RunningClients = ReturnType<typeof runningClients>

function expectWhatACoachSees(
  snapshot: CoachClientsSnapshot,
  { stubs }: RunningClients,
  event: ModelEvent | undefined
) {
  const leaf = leafOf(snapshot)
  const list = selectClientList(snapshot)
  const form = selectAddClient(snapshot)
  expect(list.loading).toBe(leaf === "loading")
  // A failed load says why; only the network's failure tells the coach to check their connection.
  expect(list.loadError === null).toBe(leaf !== "loadFailed")
  if (leaf === "loadFailed" && event !== undefined && "error" in event) {
    expect(list.loadError).toBe(loadErrorFor(event.error))
    if (event.error !== serverDown) expect(list.loadError).not.toMatch(/connection/i)
  }
  if (leaf === "loading") expect(snapshot.context.loadFailure).toBeNull()
  expect(stubs.isWaitingFor("getAllClients")).toBe(leaf === "loading")
  if (leaf === "loading") expect(stubs.argsOf("getAllClients")).toEqual([coachId])
  expect(stubs.isWaitingFor("addClient")).toBe(leaf === "ready.adding")
  // What an add says is what its answer shows: an invitation, or (SPEC's old add) a linked client.
  const addedDee = snapshot.context.clients["9"] !== undefined
  const expectedMessage = {
    "ready.invalid": INVALID_EMAIL_FORMAT,
    "ready.added": addedDee ? CLIENT_ADDED : INVITATION_SENT,
    "ready.addFailed": snapshot.context.addRefusal === null ? ERROR_ADDING_CLIENT : VERIFY_FIRST
  }[leaf]
  expect(form.message?.text ?? null).toBe(expectedMessage ?? null)
  if (leaf === "ready.addFailed" && event !== undefined && "error" in event) {
    expect(form.message?.text).toBe(event.error === unverifiedCoach ? VERIFY_FIRST : ERROR_ADDING_CLIENT)
  }

  // Removing: asked first for a linked client, sent with the entry's key, said once the list lost it.
  const { removal } = snapshot.context
  expect(stubs.isWaitingFor("removeClient")).toBe(leaf === "ready.removing")
  if (leaf === "ready.removing") expect(stubs.argsOf("removeClient")).toEqual([removal?.key])
  const expectedRemoval =
    removal === null
      ? null
      : {
          "ready.confirmingRemoval": {
            kind: "confirming",
            key: removal.key,
            question: endQuestion(removal.name),
            detail: ACCESS_ENDS
          },
          "ready.removing": { kind: "removing", key: removal.key },
          "ready.removeFailed": { kind: "failed", key: removal.key },
          "ready.removed": {
            kind: "removed",
            message: removal.linked ? endedText(removal.name) : withdrawnText(removal.name)
          }
        }[leaf]
  if (expectedRemoval === undefined || expectedRemoval === null) expect(list.removal).toBeNull()
  else expect(list.removal).toMatchObject(expectedRemoval)
  if (leaf === "ready.confirmingRemoval") expect(removal?.linked).toBe(true)
  if (leaf === "ready.removed") expect(snapshot.context.clients[removal?.key ?? ""]).toBeUndefined()
  // Resending: only an open invitation, sent with its key; what happened is said by the list.
  const { resend, resendFailure } = snapshot.context
  expect(stubs.isWaitingFor("resendInvitation")).toBe(leaf === "ready.resending")
  if (leaf === "ready.resending") expect(stubs.argsOf("resendInvitation")).toEqual([resend?.key])
  // A resend too soon says when, and is not offered again; any other failure is.
  const tooSoonFailure = resendFailure?.reason === TOO_SOON
  if (leaf === "ready.resendFailed" && event !== undefined && "error" in event) {
    expect(resendFailure).toEqual(
      event.error === tooSoon
        ? { reason: TOO_SOON, retryable: false }
        : { reason: describeFailure(serverDown), retryable: true }
    )
  }
  const expectedResend =
    resend === null
      ? undefined
      : {
          "ready.resending": { kind: "resending", key: resend.key, message: RESENDING },
          "ready.resendFailed": {
            kind: "failed",
            key: resend.key,
            message: NOT_RESENT,
            reason: resendFailure?.reason,
            canRetry: !tooSoonFailure
          },
          "ready.resent": { kind: "resent", key: resend.key, message: resentText(resend.name) }
        }[leaf]
  expect(list.resend).toEqual(expectedResend ?? null)
  // Archiving (asked first) and restoring: sent with the client's id, said once the list shows it.
  const { archival, archivalFailure } = snapshot.context
  expect(stubs.isWaitingFor("archiveClient")).toBe(leaf === "ready.archiving")
  expect(stubs.isWaitingFor("restoreClient")).toBe(leaf === "ready.restoring")
  if (leaf === "ready.archiving") expect(stubs.argsOf("archiveClient")).toEqual([Number(archival?.key)])
  if (leaf === "ready.restoring") expect(stubs.argsOf("restoreClient")).toEqual([Number(archival?.key)])
  if (leaf === "ready.archiving" || leaf === "ready.confirmingArchive") {
    expect(snapshot.context.clients[archival?.key ?? ""]).toMatchObject({ pending: false })
    expect(snapshot.context.clients[archival?.key ?? ""]?.archived).not.toBe(true)
  }
  if (leaf === "ready.restoring") expect(snapshot.context.clients[archival?.key ?? ""]?.archived).toBe(true)
  if ((leaf === "ready.archiveFailed" || leaf === "ready.restoreFailed") && event !== undefined && "error" in event) {
    expect(archivalFailure).toEqual(
      event.error === notOnList
        ? { reason: notOnListText(archival?.name ?? ""), retryable: false }
        : { reason: describeFailure(serverDown), retryable: true }
    )
  }
  const failedArchival = (of: "archive" | "restore", message: string) => ({
    kind: "failed",
    of,
    key: archival?.key,
    message,
    reason: archivalFailure?.reason,
    canRetry: archivalFailure?.retryable
  })
  const expectedArchival =
    archival === null
      ? undefined
      : {
          "ready.confirmingArchive": {
            kind: "confirming",
            key: archival.key,
            question: archiveQuestion(archival.name),
            detail: ARCHIVE_KEEPS
          },
          "ready.archiving": { kind: "archiving", key: archival.key, message: ARCHIVING },
          "ready.restoring": { kind: "restoring", key: archival.key, message: RESTORING },
          "ready.archiveFailed": failedArchival("archive", notArchivedText(archival.name)),
          "ready.restoreFailed": failedArchival("restore", notRestoredText(archival.name)),
          "ready.archived": { kind: "archived", key: archival.key, message: archivedText(archival.name) },
          "ready.restored": { kind: "restored", key: archival.key, message: restoredText(archival.name) }
        }[leaf]
  expect(list.archival).toEqual(expectedArchival ?? null)
  if (leaf === "ready.archived") expect(snapshot.context.clients[archival?.key ?? ""]?.archived).toBe(true)
  if (leaf === "ready.restored") expect(snapshot.context.clients[archival?.key ?? ""]?.archived).not.toBe(true)
  // The roster and the archived list part the linked clients by their mark; invitations stay on the roster.
  const archivedKeys = Object.keys(snapshot.context.clients).filter(
    (key) => snapshot.context.clients[key]?.archived === true
  )
  expect(list.archived.map((entry) => entry.key).sort()).toEqual(archivedKeys.sort())
  expect(list.clients.some((entry) => entry.archived)).toBe(false)
  if (resend !== null && leaf.startsWith("ready.resen")) {
    expect(snapshot.context.clients[resend.key]).toMatchObject({ pending: true })
    expect(snapshot.context.clients[resend.key]?.declined).not.toBe(true)
  }
  const listTakesActions = [
    "ready.idle",
    "ready.added",
    "ready.addFailed",
    "ready.removed",
    "ready.resent",
    "ready.archived",
    "ready.restored"
  ].includes(leaf)
  for (const entry of [...list.clients, ...list.archived]) {
    expect(entry.removeLabel).toBe(entry.status === "linked" ? END_COACHING : WITHDRAW_INVITATION)
    expect(entry.canRemove).toBe(listTakesActions)
    expect(entry.resendable).toBe(entry.status === "pending")
    expect(entry.canResend).toBe(listTakesActions && entry.status === "pending")
    expect(entry.canArchive).toBe(listTakesActions && entry.status === "linked" && !entry.archived)
    expect(entry.canRestore).toBe(listTakesActions && entry.archived)
  }
  if (leaf === "ready.adding") {
    expect(stubs.argsOf("addClient")).toEqual([{ data: { coachId, clientEmail: snapshot.context.email } }])
  }
  // The form takes input once the list is there, except while an add or a removal is under way.
  expect(form.disabled).toBe(
    !leaf.startsWith("ready") ||
      [
        "ready.adding",
        "ready.confirmingRemoval",
        "ready.removing",
        "ready.removeFailed",
        "ready.resending",
        "ready.resendFailed",
        "ready.confirmingArchive",
        "ready.archiving",
        "ready.archiveFailed",
        "ready.restoring",
        "ready.restoreFailed"
      ].includes(leaf)
  )
  // A roster import's answer is the list shown, whatever else is under way.
  if (event?.type === "clients.imported")
    expect(list.clients.map((client) => client.key)).toContain("pending:dee@example.com")
  if (leaf === "ready.added" && event?.type === "xstate.done.actor.addClient") {
    // Dee is listed as the answer has them: a linked client, or an invitation.
    expect(list.clients.map((client) => client.name)).toContain(addedDee ? "Dee Newcomer" : "dee@example.com")
    expect(form.email).toBe("")
  }
  if (leaf === "ready.idle" && list.clients.length > 0) {
    expect(list.clients.filter((client) => client.status === "pending").map((client) => client.name)).toEqual(
      Object.keys(snapshot.context.clients)
        .filter((key) => key.startsWith("pending:"))
        .map((key) => key.slice("pending:".length))
        .sort()
    )
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

// The model's shortest walks fail the load one way; each way is replayed here.
describe("a load that failed, each way, along the model", () => {
  const failedLoads = walk.edges.filter((edge) => edge.event.type === "xstate.error.actor.loadClients")

  test("the model fails the load as a refusal, a server fault and the network", () => {
    expect(failedLoads.map((edge) => ("error" in edge.event ? edge.event.error : undefined))).toEqual(
      expect.arrayContaining([revoked, serverFault, serverDown])
    )
  })

  test.each(failedLoads.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningClients()
    const [initial] = initialTransition(coachClientsMachine, input)
    await replayPath<CoachClientsSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.actor,
      running.answers,
      (expected, event) => {
        const actual = running.actor.getSnapshot()
        expect(actual.context).toEqual(expected.context)
        expectWhatACoachSees(actual, running, event)
      }
    )
    expect(leafOf(running.actor.getSnapshot())).toBe("loadFailed")
    running.actor.stop()
  })
})

describe("a list that did not load", () => {
  test("says the refusal's reason, not to check the connection; a retry forgets it, and the network's says so", async () => {
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.fail("getAllClients", revoked)
    await settleMicrotasks()
    expect(selectClientList(actor.getSnapshot()).loadError).toBe(
      "We couldn't load your clients. Your account is disabled or your sign-in was revoked; sign in again"
    )
    actor.send({ type: "clients.retry" })
    expect(actor.getSnapshot().context.loadFailure).toBeNull()
    await settleMicrotasks()
    stubs.fail("getAllClients", new GatewayDefect({ reason: "network", message: "The server could not be reached" }))
    await settleMicrotasks()
    expect(selectClientList(actor.getSnapshot()).loadError).toBe(
      "We couldn't load your clients. We couldn't reach the server. Check your connection and try again."
    )
    actor.send({ type: "clients.retry" })
    await settleMicrotasks()
    stubs.settle("getAllClients", twoClientsAndAnInvitation)
    await settleMicrotasks()
    expect(actor.getSnapshot().context.loadFailure).toBeNull()
    expect(selectClientList(actor.getSnapshot()).loadError).toBeNull()
    actor.stop()
  })
})

describe("the add-client message", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("'Invitation sent' shows for 5000 ms and then clears", async () => {
    vi.useFakeTimers()
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", {})
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: "email.change", email: "dee@example.com" })
    actor.send({ type: "client.add" })
    await settleMicrotasks()
    stubs.settle("addClient", withDeeInvited)
    await vi.advanceTimersByTimeAsync(0)
    expect(selectAddClient(actor.getSnapshot()).message?.text).toBe(INVITATION_SENT)
    await vi.advanceTimersByTimeAsync(MESSAGE_TIMEOUT_MS - 1)
    expect(selectAddClient(actor.getSnapshot()).message?.text).toBe(INVITATION_SENT)
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

describe("an add the server refused", () => {
  test("EmailNotVerified is said in the server's words, by its tag; a 409 stays ADR 015's one message", () => {
    expect(refusalOf(unverifiedCoach)).toBe(VERIFY_FIRST)
    expect(refusalOf({ _tag: "Conflict", error: VERIFY_FIRST })).toBeNull()
    expect(refusalOf(new Conflict({ error: "dee@example.com is already on your client list" }))).toBeNull()
  })
})

describe("resending an invitation", () => {
  test("'Invitation sent again to <email>.' shows for 5000 ms and then clears; a declined invitation or a linked client has no resend", async () => {
    vi.useFakeTimers()
    try {
      const { stubs, actor } = runningClients()
      await settleMicrotasks()
      stubs.settle("getAllClients", withADeclinedInvitation)
      await vi.advanceTimersByTimeAsync(0)
      const entries = selectClientList(actor.getSnapshot()).clients
      expect(entries.filter((entry) => entry.resendable).map((entry) => entry.key)).toEqual(["pending:cy@example.com"])
      actor.send({ type: "invitation.resend", key: "pending:dee@example.com" })
      actor.send({ type: "invitation.resend", key: "7" })
      expect(leafOf(actor.getSnapshot())).toBe("ready.idle")
      actor.send({ type: "invitation.resend", key: "pending:cy@example.com" })
      await settleMicrotasks()
      stubs.settle("resendInvitation", withADeclinedInvitation)
      await vi.advanceTimersByTimeAsync(0)
      expect(selectClientList(actor.getSnapshot()).resend?.message).toBe("Invitation sent again to cy@example.com.")
      await vi.advanceTimersByTimeAsync(MESSAGE_TIMEOUT_MS - 1)
      expect(selectClientList(actor.getSnapshot()).resend?.kind).toBe("resent")
      await vi.advanceTimersByTimeAsync(1)
      expect(selectClientList(actor.getSnapshot()).resend).toBeNull()
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  test("a refusal is said in the server's words and stays until a retry, which sends the same key again", async () => {
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", twoClientsAndAnInvitation)
    await settleMicrotasks()
    actor.send({ type: "invitation.resend", key: "pending:cy@example.com" })
    await settleMicrotasks()
    stubs.fail("resendInvitation", new InvitationNotFound({ error: "clientKey: no open invitation" }))
    await settleMicrotasks()
    expect(selectClientList(actor.getSnapshot()).resend).toEqual({
      kind: "failed",
      key: "pending:cy@example.com",
      message: NOT_RESENT,
      reason: "clientKey: no open invitation",
      canRetry: true
    })
    actor.send({ type: "resend.retry" })
    await settleMicrotasks()
    expect(stubs.argsOf("resendInvitation")).toEqual(["pending:cy@example.com"])
    actor.stop()
  })

  test("a resend too soon says when and offers no retry: Try again would only be refused again", async () => {
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", twoClientsAndAnInvitation)
    await settleMicrotasks()
    actor.send({ type: "invitation.resend", key: "pending:cy@example.com" })
    await settleMicrotasks()
    stubs.fail("resendInvitation", tooSoon)
    await settleMicrotasks()
    expect(selectClientList(actor.getSnapshot()).resend).toMatchObject({ reason: TOO_SOON, canRetry: false })
    actor.send({ type: "resend.retry" })
    await settleMicrotasks()
    expect(stubs.isWaitingFor("resendInvitation")).toBe(false)
    expect(leafOf(actor.getSnapshot())).toBe("ready.resendFailed")
    actor.send({ type: "resend.dismiss" })
    expect(selectClientList(actor.getSnapshot()).resend).toBeNull()
    actor.stop()
  })
})

describe("archiving and restoring a client", () => {
  test("archive asks first, sends the id, and lists the client apart once the server's list says so; restore puts them back", async () => {
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", twoClientsAndAnInvitation)
    await settleMicrotasks()
    // An invitation has no client to archive.
    actor.send({ type: "client.archive", key: "pending:cy@example.com" })
    expect(leafOf(actor.getSnapshot())).toBe("ready.idle")
    actor.send({ type: "client.archive", key: "8" })
    expect(selectClientList(actor.getSnapshot()).archival).toMatchObject({
      kind: "confirming",
      question: "Archive ann Lifter?",
      detail: "Their history is kept; you can restore them from Archived."
    })
    await settleMicrotasks()
    expect(stubs.isWaitingFor("archiveClient")).toBe(false)
    actor.send({ type: "archive.confirm" })
    await settleMicrotasks()
    expect(stubs.argsOf("archiveClient")).toEqual([8])
    stubs.settle("archiveClient", withAnnArchived)
    await settleMicrotasks()
    const archived = selectClientList(actor.getSnapshot())
    expect(archived.clients.map((entry) => entry.name)).toEqual(["Bo Client", "cy@example.com"])
    expect(archived.archived.map((entry) => entry.name)).toEqual(["ann Lifter"])
    expect(archived.archival).toMatchObject({
      kind: "archived",
      message: "ann Lifter archived. You can restore them from Archived."
    })
    actor.send({ type: "client.restore", key: "8" })
    await settleMicrotasks()
    expect(stubs.argsOf("restoreClient")).toEqual([8])
    stubs.settle("restoreClient", twoClientsAndAnInvitation)
    await settleMicrotasks()
    const restored = selectClientList(actor.getSnapshot())
    expect(restored.archived).toEqual([])
    expect(restored.archival).toMatchObject({ kind: "restored", message: "ann Lifter is back on your list." })
    actor.stop()
  })

  test("a client no longer on the list is said so by the error's tag, with no retry", async () => {
    const { stubs, actor } = runningClients()
    await settleMicrotasks()
    stubs.settle("getAllClients", withAnnArchived)
    await settleMicrotasks()
    actor.send({ type: "client.restore", key: "8" })
    await settleMicrotasks()
    stubs.fail("restoreClient", notOnList)
    await settleMicrotasks()
    expect(selectClientList(actor.getSnapshot()).archival).toEqual({
      kind: "failed",
      of: "restore",
      key: "8",
      message: "ann Lifter was not restored.",
      reason: "ann Lifter is no longer on your list.",
      canRetry: false
    })
    actor.send({ type: "restore.retry" })
    await settleMicrotasks()
    expect(stubs.isWaitingFor("restoreClient")).toBe(false)
    actor.stop()
  })
})
