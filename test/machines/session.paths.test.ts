/**
 * The session machine walked by its own model: every state is reached and every
 * transition the machine declares is taken, first on the pure model, then replayed
 * against a running actor whose identity and server calls are scripted stubs.
 * At each step the running actor must show what the model predicts, and what a
 * person would notice (signed in or out, which dashboard, which message) must hold.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, transition, type AnyStateNode, type AnyTransitionDefinition } from "xstate"
import { getStateNodes, TestModel, type StatePath } from "xstate/graph"
import { EMPTY_SESSION_USER, isLoggedIn } from "#domain/user.ts"
import type { AuthIdentity } from "#machines/session/session.actors.ts"
import {
  clientIdentity,
  clientRecord,
  coachIdentity,
  coachRecord,
  createScriptedActors,
  networkDown,
  newcomerIdentity,
  newcomerRecord,
  ok,
  refusal
} from "#machines/session/session.fixtures.ts"
import { sessionMachine } from "#machines/session/session.machine.ts"
import { PASSWORDS_DO_NOT_MATCH, RESET_FAILED, RESET_SENT } from "#machines/session/session.messages.ts"
import {
  selectForgotPasswordView,
  selectIsLoading,
  selectLoginView,
  selectProfileView,
  selectRedirectTarget,
  selectSessionStatus,
  selectSignupView,
  selectUserToRemember,
  type SessionSnapshot
} from "#machines/session/session.selectors.ts"
import type { SessionEvent, SessionInput } from "#machines/session/session.types.ts"

type ActorOutcomeEvent =
  | { readonly type: `xstate.done.actor.${string}`; readonly output: unknown }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown }
type ModelEvent = SessionEvent | ActorOutcomeEvent

const done = (id: string, output?: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output })
const failure = (id: string, error: unknown = networkDown): ModelEvent => ({ type: `xstate.error.actor.${id}`, error })

/** Which stubbed call each busy state waits on. */
const INVOKED_BY_STATE: Readonly<Record<string, Parameters<ReturnType<typeof createScriptedActors>["settle"]>[0]>> = {
  "loading.readingRedirect": "readRedirectResult",
  "signedOut.resettingPassword": "sendPasswordReset",
  "signingIn.withEmail": "signInWithEmail",
  "signingIn.withGooglePopup": "signInWithGooglePopup",
  "signingIn.withGoogleRedirect": "startGoogleRedirect",
  creatingAccount: "createAccount",
  checkingUser: "checkUser",
  "resuming.confirming": "checkUser",
  registering: "registerUser",
  "signedIn.updatingEmail": "updateEmail",
  "signedIn.updatingPassword": "updatePassword",
  loggingOut: "signOut"
}

const NEW_EMAIL = "ada.new@example.com"
const profile = (email: string, password: string, confirmation = password): ModelEvent => ({
  type: "profile.update",
  email,
  password,
  confirmation
})
const signup = (name: string, password: string, confirmation: string): ModelEvent => ({
  type: "signup.submit",
  name,
  email: newcomerIdentity.email,
  password,
  confirmation,
  userType: "Coach"
})

// One event per branch of every guard; outputs follow whoever is signing in.
const eventsFor = (snapshot: SessionSnapshot): ReadonlyArray<ModelEvent> => {
  const { user, pendingSignup } = snapshot.context
  const knownRecord = [coachRecord, clientRecord].find((record) => record.firebase_id === user.firebase_id) ?? null
  const registered = newcomerRecord(pendingSignup?.name ?? "Cy Newcomer", pendingSignup?.userType ?? "Client")
  const identities: ReadonlyArray<AuthIdentity | null> = [null, coachIdentity, newcomerIdentity]
  return [
    ...identities.map((identity): ModelEvent => ({ type: "auth.changed", identity })),
    { type: "login.submit", email: coachIdentity.email, password: "correct horse" },
    { type: "google.start" },
    signup("", "pw-123456", "pw-123456"),
    signup("Cy Newcomer", "pw-123456", "pw-654321"),
    signup("Cy Newcomer", "pw-123456", "pw-123456"),
    { type: "signup.complete", name: "  ", userType: "Client" },
    { type: "signup.complete", name: "Cy Newcomer", userType: "Client" },
    { type: "password.reset", email: coachIdentity.email },
    profile(NEW_EMAIL, "n3w-pass", "other-pass"),
    profile(NEW_EMAIL, "n3w-pass"),
    profile(NEW_EMAIL, ""),
    profile("", "n3w-pass"),
    profile(user.email ?? "", ""),
    { type: "profile.acknowledge" },
    { type: "logout.request" },
    { type: "session.retry" },
    done("readRedirectResult", refusal("Google sign-in was cancelled.")),
    done("readRedirectResult", ok(clientIdentity)),
    done("readRedirectResult", ok(null)),
    failure("readRedirectResult"),
    done("signInWithEmail", refusal("Wrong email or password. Please try again.")),
    done("signInWithEmail", ok(coachIdentity)),
    failure("signInWithEmail"),
    done("signInWithGooglePopup", refusal("Google sign-in was cancelled.")),
    done("signInWithGooglePopup", ok(newcomerIdentity)),
    failure("signInWithGooglePopup"),
    done("startGoogleRedirect", refusal("Google sign-in was cancelled.")),
    failure("startGoogleRedirect"),
    done("createAccount", refusal("That email is already in use. Try logging in instead.")),
    done("createAccount", ok(newcomerIdentity)),
    failure("createAccount"),
    done("checkUser", knownRecord),
    done("checkUser", null),
    failure("checkUser"),
    done("registerUser", registered),
    done("registerUser", { ...registered, name: "" }),
    failure("registerUser"),
    done("sendPasswordReset"),
    failure("sendPasswordReset"),
    done("updateEmail", refusal("For your security, please log out and log in again.")),
    done("updateEmail", ok(undefined)),
    failure("updateEmail"),
    done("updatePassword", refusal("Please choose a stronger password (at least 6 characters).")),
    done("updatePassword", ok(undefined)),
    failure("updatePassword"),
    done("signOut"),
    failure("signOut")
  ]
}

const leafPath = (snapshot: SessionSnapshot): string =>
  snapshot._nodes.filter((node) => node.type === "atomic").map((node) => node.path.join("."))[0] ?? ""

// Vertices differ only in what guards read, so the walk stays finite and complete.
const serializeState = (snapshot: SessionSnapshot): string => {
  const { context } = snapshot
  return JSON.stringify({
    state: leafPath(snapshot),
    seen: context.seenIdentity === undefined ? "unknown" : (context.seenIdentity?.uid ?? "none"),
    uid: context.user.firebase_id,
    email: context.user.email,
    loggedIn: isLoggedIn(context.user),
    needsSignup: context.user.needsSignup,
    draftPassword: (context.profileDraft?.password ?? "") !== ""
  })
}

const modelFor = (input: SessionInput) =>
  new TestModel<SessionSnapshot, ModelEvent, SessionInput>(
    sessionMachine as unknown as ConstructorParameters<typeof TestModel<SessionSnapshot, ModelEvent, SessionInput>>[0],
    {
      input,
      events: eventsFor,
      // Only events the machine takes are edges; the rest would be self-loops.
      filterEvents: (snapshot, event) => snapshot.can(event as SessionEvent),
      serializeState,
      stateMatcher: (_, key) => key === "*"
    }
  )

type Edge = {
  readonly device: string
  readonly input: SessionInput
  readonly name: string
  readonly from: SessionSnapshot
  readonly event: ModelEvent
  readonly path: StatePath<SessionSnapshot, ModelEvent>
}

const describeEvent = (event: ModelEvent): string => {
  const { type, ...payload } = event
  const detail = JSON.stringify(payload, (_, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : value
  )
  return detail === "{}" ? type : `${type} ${detail}`
}

/**
 * Vertices merge snapshots that differ only in what no guard reads (a message, say), so
 * a path's snapshots are recomputed from its events rather than taken from the vertices.
 */
const walkFrom = (input: SessionInput, events: ReadonlyArray<ModelEvent>): StatePath<SessionSnapshot, ModelEvent> => {
  let [snapshot] = initialTransition(sessionMachine, input)
  const steps = events.map((event) => {
    ;[snapshot] = transition(sessionMachine, snapshot, event as SessionEvent)
    return { event, state: snapshot }
  })
  return { state: snapshot, steps, weight: steps.length }
}

/** Shortest path to every vertex, extended by every transition leaving it. */
const edgesOf = (device: string, input: SessionInput): Array<Edge> => {
  const model = modelFor(input)
  const toVertex = new Map(
    model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => [serializeState(path.state), path] as const)
  )
  const adjacency = Object.entries(model.getAdjacencyMap()) as Array<
    [string, { transitions: Record<string, { event: ModelEvent }> }]
  >
  return adjacency.flatMap(([vertex, { transitions }]) => {
    const head = toVertex.get(vertex)
    if (head === undefined) throw new Error(`no path reaches ${vertex}`)
    const headEvents = head.steps.map((step) => step.event)
    const from = walkFrom(input, headEvents).state
    return Object.values(transitions).map(({ event }) => {
      const path = walkFrom(input, [...headEvents, event])
      return {
        device,
        input,
        name: `${leafPath(from)} --${describeEvent(event)}--> ${leafPath(path.state)}`,
        from,
        event,
        path
      }
    })
  })
}

// A returning device remembers the coach who signed in on it last.
const edges = [
  ...edgesOf("desktop", { useRedirect: false }),
  ...edgesOf("phone", { useRedirect: true }),
  ...edgesOf("returning device", { useRedirect: false, resumeAs: coachRecord })
]

const leafStates = getStateNodes(sessionMachine.root)
  .filter((node) => node.type === "atomic")
  .map((node) => node.path.join("."))
const declaredTransitions = getStateNodes(sessionMachine.root).flatMap((node: AnyStateNode) =>
  [...node.transitions.values()].flat()
)

describe("the session machine's model", () => {
  test("reaches every state the machine declares", () => {
    const reached = new Set(edges.flatMap(({ from, path }) => [leafPath(from), leafPath(path.state)]))
    expect([...reached].sort()).toEqual([...leafStates].sort())
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    const taken = new Set<AnyTransitionDefinition>(
      edges.flatMap(({ from, event }) => sessionMachine.getTransitionData(from, event as SessionEvent))
    )
    const untaken = declaredTransitions
      .filter((definition) => !taken.has(definition))
      .map((definition) => `${definition.source.path.join(".") || "(root)"} on ${definition.eventType}`)
    expect(untaken).toEqual([])
  })

  test("leaves the loading state by both eventless branches: a remembered sign-in and a remembered sign-out", () => {
    const afterRedirectRead = edges.filter(
      ({ from, event }) =>
        leafPath(from) === "loading.readingRedirect" && describeEvent(event).includes('ok":true,"value":null')
    )
    expect(new Set(afterRedirectRead.map(({ path }) => leafPath(path.state)))).toEqual(
      new Set(["loading.awaitingAuth", "checkingUser", "signedOut.idle"])
    )
  })
})

// ---------------------------------------------------------------------------
// Replaying the model against a running actor.

const takenBy = new Map<Edge, ReadonlyArray<AnyTransitionDefinition>>(
  edges.map((edge) => [edge, sessionMachine.getTransitionData(edge.from, edge.event as SessionEvent)])
)

const shortest = (candidates: ReadonlyArray<Edge>): Edge | undefined =>
  [...candidates].sort((a, b) => a.path.steps.length - b.path.steps.length)[0]

/** The shortest walk that takes each declared transition, plus each way out of loading's eventless step. */
const replayed: Array<Edge> = [
  ...new Set(
    [
      ...declaredTransitions.map((definition) =>
        shortest(edges.filter((edge) => takenBy.get(edge)?.includes(definition)))
      ),
      ...["checkingUser", "signedOut.idle"].map((target) =>
        shortest(
          edges.filter(
            ({ from, event, path }) =>
              leafPath(from) === "loading.readingRedirect" &&
              event.type === "xstate.done.actor.readRedirectResult" &&
              leafPath(path.state) === target &&
              path.steps.some((step) => step.event.type === "auth.changed")
          )
        )
      )
    ].filter((edge): edge is Edge => edge !== undefined)
  )
]

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const stateOf = (snapshot: SessionSnapshot): string => leafPath(snapshot)

/** What a person would notice in each state, checked on the running actor. */
function expectWhatAPersonSees(
  snapshot: SessionSnapshot,
  script: ReturnType<typeof createScriptedActors>,
  lastEvent: ModelEvent | undefined
) {
  const state = stateOf(snapshot)
  const { user } = snapshot.context
  const waitsOn = INVOKED_BY_STATE[state]
  if (waitsOn !== undefined) {
    expect(script.isWaitingFor(waitsOn), `${state} waits on ${waitsOn}`).toBe(true)
    expect(script.inputOf(waitsOn), `what ${waitsOn} was asked`).toEqual(expectedInput(waitsOn, snapshot, lastEvent))
  }

  if (state.startsWith("loading") || state === "checkingUser") {
    expect(selectIsLoading(snapshot)).toBe(true)
    expect(selectRedirectTarget(snapshot)).toBeNull()
  }
  if (state.startsWith("signedOut")) {
    expect(user).toEqual(EMPTY_SESSION_USER)
    expect(snapshot.context.logoutError).toBeNull()
    expect(selectRedirectTarget(snapshot)).toBeNull()
    expect(selectLoginView(snapshot).busy).toBe(false)
  }
  if (state.startsWith("signingIn")) expect(selectLoginView(snapshot).busy).toBe(true)
  if (state === "creatingAccount" || state === "registering") expect(selectSignupView(snapshot).busy).toBe(true)
  if (state === "signedOut.resetSent") expect(selectForgotPasswordView(snapshot).success).toBe(RESET_SENT)
  if (state === "signedOut.resetFailed") expect(selectForgotPasswordView(snapshot).error).toBe(RESET_FAILED)
  if (state === "needsSignup") {
    expect(user.email).not.toBe("")
    expect(user.firebase_id).not.toBeNull()
    expect(user.needsSignup).toBe(true)
    expect(isLoggedIn(user)).toBe(false)
    expect(selectRedirectTarget(snapshot)).toBe("/signup")
    expect(selectSignupView(snapshot).mode).toBe("completion")
  }
  if (state.startsWith("signedIn")) {
    expect(isLoggedIn(user)).toBe(true)
    expect(user.needsSignup).toBe(false)
    expect(selectRedirectTarget(snapshot)).toBe(user.user_type === "Coach" ? "/coach/dashboard" : "/client/dashboard")
    expect(selectProfileView(snapshot).busy).toBe(
      state === "signedIn.updatingEmail" || state === "signedIn.updatingPassword"
    )
  }
  if (state.startsWith("resuming")) {
    // The remembered person's area shows at once; a profile change waits for the confirmation.
    expect(user).toEqual({ ...coachRecord, signInMethod: "refresh", needsSignup: false })
    expect(selectIsLoading(snapshot)).toBe(false)
    expect(selectRedirectTarget(snapshot)).toBe("/coach/dashboard")
    expect(selectProfileView(snapshot).busy).toBe(true)
    expect(selectUserToRemember(snapshot)).toBeUndefined()
  }
  if (state.startsWith("signedIn")) expect(selectUserToRemember(snapshot)).toEqual(recordOf(user))
  if (state.startsWith("signedOut") || state === "needsSignup") expect(selectUserToRemember(snapshot)).toBeNull()
  if (state === "serverUnreachable") expect(selectSessionStatus(snapshot).unreachable).not.toBeNull()
}

const recordOf = ({ id, name, email, firebase_id, user_type }: SessionSnapshot["context"]["user"]) => ({
  id,
  name,
  email,
  firebase_id,
  user_type
})

/** What each call must be asked, from the session's context or the event that started it. */
function expectedInput(name: string, snapshot: SessionSnapshot, event: ModelEvent | undefined): unknown {
  const { user, pendingSignup, profileDraft } = snapshot.context
  const typed = event as Partial<Record<"email" | "password", string>> | undefined
  switch (name) {
    case "checkUser":
      return { email: user.email, firebaseId: user.firebase_id }
    case "registerUser":
      return { ...pendingSignup, email: user.email, firebaseId: user.firebase_id }
    case "updateEmail":
      return { email: profileDraft?.email }
    case "updatePassword":
      return { password: profileDraft?.password }
    case "signInWithEmail":
    case "createAccount":
      return { email: typed?.email, password: typed?.password }
    case "sendPasswordReset":
      return { email: typed?.email }
    default:
      return undefined
  }
}

async function replay({ path }: Edge, input: SessionInput) {
  const script = createScriptedActors()
  const actor = createActor(sessionMachine.provide({ actors: script.actors }), { input })
  actor.start()
  const model = modelFor(input)
  let lastEvent: ModelEvent | undefined
  const answer = (type: string): string => type.replace(/^xstate\.(done|error)\.actor\./, "")
  try {
    await model.testPath(path, {
      events: new Proxy(
        {},
        {
          get: () => (step: { event: ModelEvent }) => {
            const { event } = step
            lastEvent = event
            if (event.type === "auth.changed") script.emitAuth(event.identity)
            else if ("output" in event) script.settle(answer(event.type) as never, event.output)
            else if ("error" in event) script.fail(answer(event.type) as never, event.error)
            else actor.send(event)
          }
        }
      ),
      states: {
        "*": async (expected) => {
          await flush()
          const actual = actor.getSnapshot()
          expect(stateOf(actual)).toBe(stateOf(expected))
          expect(actual.context).toEqual(expected.context)
          expectWhatAPersonSees(actual, script, lastEvent)
        }
      }
    })
  } finally {
    actor.stop()
  }
  return { actor, script }
}

describe("a running session, driven along the model", () => {
  test("replays a walk for every transition", () => {
    expect(replayed.length).toBeGreaterThanOrEqual(declaredTransitions.length / 2)
  })

  test.each(replayed.map((edge) => [`on a ${edge.device}: ${edge.name}`, edge] as const))("%s", async (_, edge) => {
    await replay(edge, edge.input)
  })
})

describe("what the session keeps and clears", () => {
  const walk = (events: ReadonlyArray<ModelEvent>, input: SessionInput = { useRedirect: false }) => {
    let [snapshot] = initialTransition(sessionMachine, input)
    for (const event of events) [snapshot] = transition(sessionMachine, snapshot, event as SessionEvent)
    return snapshot
  }

  test("a coach who signs in by email is logged in, recorded as 'email', and sent to the coach dashboard", () => {
    const snapshot = walk([
      done("readRedirectResult", ok(null)),
      { type: "auth.changed", identity: null },
      { type: "login.submit", email: coachIdentity.email, password: "pw" },
      done("signInWithEmail", ok(coachIdentity)),
      done("checkUser", coachRecord)
    ])
    expect(stateOf(snapshot)).toBe("signedIn.idle")
    expect(snapshot.context.user).toMatchObject({ ...coachRecord, signInMethod: "email", needsSignup: false })
    expect(selectRedirectTarget(snapshot)).toBe("/coach/dashboard")
  })

  test("a Google sign-in with no server user holds only email and firebase_id and needs signup", () => {
    const snapshot = walk([
      done("readRedirectResult", ok(null)),
      { type: "auth.changed", identity: null },
      { type: "google.start" },
      done("signInWithGooglePopup", ok(newcomerIdentity)),
      done("checkUser", null)
    ])
    expect(snapshot.context.user).toEqual({
      ...EMPTY_SESSION_USER,
      email: newcomerIdentity.email,
      firebase_id: newcomerIdentity.uid,
      signInMethod: "google popup",
      needsSignup: true
    })
  })

  test("a phone signs in with Google by redirect and the returning page records 'google redirect'", () => {
    const leaving = walk(
      [done("readRedirectResult", ok(null)), { type: "auth.changed", identity: null }, { type: "google.start" }],
      { useRedirect: true }
    )
    expect(stateOf(leaving)).toBe("signingIn.withGoogleRedirect")
    const returning = walk([done("readRedirectResult", ok(clientIdentity)), done("checkUser", clientRecord)])
    expect(returning.context.user.signInMethod).toBe("google redirect")
    expect(selectRedirectTarget(returning)).toBe("/client/dashboard")
  })

  test("an existing sign-in found on page load is looked up again with the method 'refresh'", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      done("checkUser", clientRecord)
    ])
    expect(snapshot.context.user.signInMethod).toBe("refresh")
    expect(stateOf(snapshot)).toBe("signedIn.idle")
  })

  test("logging out clears every field of the user", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      done("checkUser", clientRecord),
      { type: "logout.request" },
      done("signOut")
    ])
    expect(snapshot.context.user).toEqual(EMPTY_SESSION_USER)
  })

  test("a failed logout keeps the person signed in and keeps an error text", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      done("checkUser", clientRecord),
      { type: "logout.request" },
      failure("signOut")
    ])
    expect(stateOf(snapshot)).toBe("signedIn.idle")
    expect(snapshot.context.logoutError).toEqual(expect.any(String))
  })

  test("mismatched signup passwords say 'Passwords do not match' and create nothing", () => {
    const snapshot = walk([
      done("readRedirectResult", ok(null)),
      { type: "auth.changed", identity: null },
      signup("Cy", "one-password", "another-one")
    ])
    expect(stateOf(snapshot)).toBe("signedOut.idle")
    expect(selectSignupView(snapshot).error).toBe(PASSWORDS_DO_NOT_MATCH)
  })

  test("an unchanged email and a blank password change nothing and count as saved", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: coachIdentity },
      done("readRedirectResult", ok(null)),
      done("checkUser", coachRecord),
      profile(coachRecord.email, "")
    ])
    expect(stateOf(snapshot)).toBe("signedIn.profileSaved")
  })
})
