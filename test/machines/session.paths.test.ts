/**
 * The session machine walked by its own model: every state is reached and every
 * transition the machine declares is taken, first on the pure model, then replayed
 * against a running actor whose identity and server calls are scripted stubs.
 * At each step the running actor must show what the model predicts, and what a
 * person would notice (signed in or out, which dashboard, which message) must hold.
 */
import { describe, expect, test } from "vitest"
import { createActor, type AnyTransitionDefinition } from "xstate"
import { getStateNodes, type StatePath } from "xstate/graph"
import { Unauthorized } from "#domain/api-errors.ts"
import { EMPTY_SESSION_USER, isLoggedIn } from "#domain/session-user.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { NETWORK_DOWN, SERVER_BUSY, SOMETHING_WENT_WRONG } from "#machines/failure-text.ts"
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
  selectLogoutView,
  selectProfileView,
  selectRedirectTarget,
  selectSessionStatus,
  selectSignupView,
  selectUserToRemember,
  selectVerificationNotice,
  type SessionSnapshot
} from "#machines/session/session.selectors.ts"
import type { AuthIdentity, SessionEvent, SessionInput } from "#machines/session/session.types.ts"
import {
  declaredTransitions,
  describeEvent,
  describeTransition,
  initialStep,
  leafOf,
  modelOf,
  step,
  takenAlong,
  untakenOf
} from "./client-model-walk.ts"

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
  "checkingUser.refreshingToken": "refreshToken",
  "checkingUser.asking": "checkUser",
  "resuming.refreshingToken": "refreshToken",
  "resuming.confirming": "checkUser",
  registering: "registerUser",
  "signedIn.updatingEmail": "updateEmail",
  "signedIn.updatingPassword": "updatePassword",
  "signedIn.refreshingToken": "refreshToken",
  "signedIn.confirmingVerification": "checkUser",
  loggingOut: "signOut",
  "leaving.countingUnsent": "countUnsent",
  erasing: "eraseDevice"
}

/** Our server answered, but not with a record: a defect, not the network (the session does not stay offline). */
const serverDefect = new Error("The server answered 500")
// What our server answers a session Firebase revoked (server/auth/authentication.ts).
const SESSION_REVOKED = "Your account is disabled or your sign-in was revoked; sign in again"
/** A 401 the gateway got again after its retry with a fresh token: the session itself is refused. */
const sessionRefused = new Unauthorized({ error: SESSION_REVOKED })
const tokenExpired = Object.assign(new Error("Firebase: Error (auth/user-token-expired)."), {
  code: "auth/user-token-expired"
})
/** No token to send: the sign-in is gone, which only signing in again mends. */
const tokenRefused = new GatewayDefect({
  reason: "token",
  message: "Could not read the sign-in token",
  cause: tokenExpired
})
/** No token to send because the network is down: not a refusal, the next try may work. */
const tokenOffline = new GatewayDefect({
  reason: "token",
  message: "Could not read the sign-in token",
  cause: networkDown
})
/** The errors for which the session's screen offers 'Sign in again' instead of 'Try again'. */
const REFUSALS_OF_THE_SESSION: ReadonlySet<unknown> = new Set([sessionRefused, tokenRefused])

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
    { type: "logout.request" },
    { type: "session.retry" },
    // A screen's call refused with a fresh token (the gateway's onSessionRefused).
    { type: "session.refused", error: sessionRefused },
    { type: "email.verified" },
    // The ID token brought in line before our server is asked: newly verified, already
    // in line either way, and failing offline or otherwise.
    done("refreshToken", { verified: true, refreshed: true }),
    done("refreshToken", { verified: true, refreshed: false }),
    done("refreshToken", { verified: false, refreshed: false }),
    failure("refreshToken"),
    failure("refreshToken", serverDefect),
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
    // Asked again once the email is verified: the signed-in person's own record.
    ...(isLoggedIn(user)
      ? [
          done("checkUser", {
            id: user.id,
            name: user.name,
            email: user.email,
            firebase_id: user.firebase_id,
            user_type: user.user_type
          })
        ]
      : []),
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
    failure("signOut"),
    failure("checkUser", serverDefect),
    // Refused by our server (only signing in again helps), and a token lost to the network.
    failure("checkUser", sessionRefused),
    failure("checkUser", tokenRefused),
    failure("checkUser", tokenOffline),
    { type: "network.online" },
    done("countUnsent", { sets: 2, messages: 1 }),
    done("countUnsent", { sets: 0, messages: 0 }),
    failure("countUnsent"),
    { type: "logout.confirm" },
    { type: "logout.cancel" },
    done("eraseDevice"),
    failure("eraseDevice")
  ]
}

/** A token that already said what the identity service says: nothing to refresh. */
const tokenInLine = done("refreshToken", { verified: true, refreshed: false })

const leafPath = (snapshot: SessionSnapshot): string => leafOf(snapshot)

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
    draftPassword: (context.profileDraft?.password ?? "") !== "",
    verified: context.emailVerified,
    unconfirmed: context.verificationUnconfirmed
  })
}

type Edge = {
  readonly device: string
  readonly input: SessionInput
  readonly name: string
  readonly from: SessionSnapshot
  readonly event: ModelEvent
  readonly path: StatePath<SessionSnapshot, ModelEvent>
  /** Every transition the path takes, eventless ones and the initial macrostep's included. */
  readonly taken: ReadonlySet<AnyTransitionDefinition>
}

// The shared walker (client-model-walk.ts): shortest path to every vertex, extended by
// every event the machine takes there, with each path's eventless transitions recorded.
const walks = new Map<string, ReturnType<typeof modelOf<SessionSnapshot, ModelEvent>>>()
const edgesOf = (device: string, input: SessionInput): Array<Edge> => {
  const walk = modelOf<SessionSnapshot, ModelEvent>(sessionMachine, {
    input,
    events: eventsFor,
    serialize: serializeState
  })
  walks.set(device, walk)
  return walk.edges.map((edge) => ({ ...edge, device, input }))
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
const declared = declaredTransitions(sessionMachine)
const eventless = declared.filter((definition) => definition.eventType === "")
const taken = new Set(edges.flatMap((edge) => [...edge.taken]))

/** Atomic states a transition enters: a state left at once by an eventless branch is never a settled leaf. */
const enteredBy = (definitions: Iterable<AnyTransitionDefinition>): Array<string> =>
  [...definitions].flatMap((definition) =>
    (definition.target ?? []).filter((node) => node.type === "atomic").map((node) => node.path.join("."))
  )

describe("the session machine's model", () => {
  test("reaches every state the machine declares, passing through those it leaves at once", () => {
    const reached = new Set([
      ...edges.flatMap(({ from, path }) => [leafPath(from), leafPath(path.state)]),
      ...enteredBy(taken)
    ])
    expect([...reached].sort()).toEqual([...leafStates].sort())
  })

  test("takes every transition the machine declares, every guarded and every eventless branch included", () => {
    expect(untakenOf(sessionMachine, taken)).toEqual([])
  })

  test("has eventless branches to take: leaving loading, the saved profile, and idle for an unverified email", () => {
    expect(eventless.map(describeTransition).sort()).toEqual([
      "loading on always [remembersUser] -> resuming",
      "loading.awaitingAuth on always #1 [seenSignedIn] -> checkingUser",
      "loading.awaitingAuth on always #2 [seenSignedOut] -> signedOut",
      "signedIn.idle on always [emailUnverified] -> signedIn.awaitingVerification",
      "signedIn.profileSaved on always -> signedIn.idle"
    ])
  })

  test("leaves the loading state by both eventless branches: a remembered sign-in and a remembered sign-out", () => {
    const afterRedirectRead = edges.filter(
      ({ from, event }) =>
        leafPath(from) === "loading.readingRedirect" && describeEvent(event).includes('ok":true,"value":null')
    )
    expect(new Set(afterRedirectRead.map(({ path }) => leafPath(path.state)))).toEqual(
      new Set(["loading.awaitingAuth", "checkingUser.refreshingToken", "signedOut.idle"])
    )
  })
})

// ---------------------------------------------------------------------------
// Replaying the model against a running actor.

const shortest = (candidates: ReadonlyArray<Edge>): Edge | undefined =>
  [...candidates].sort((a, b) => a.path.steps.length - b.path.steps.length)[0]

/**
 * The shortest walk that takes each declared transition (eventless ones included), plus
 * each way out of loading's eventless step with the auth change arriving first.
 */
const replayed: Array<Edge> = [
  ...new Set(
    [
      ...declared.map((definition) => shortest(edges.filter((edge) => edge.taken.has(definition)))),
      ...["checkingUser.refreshingToken", "signedOut.idle"].map((target) =>
        shortest(
          edges.filter(
            ({ from, event, path }) =>
              leafPath(from) === "loading.readingRedirect" &&
              event.type === "xstate.done.actor.readRedirectResult" &&
              leafPath(path.state) === target &&
              path.steps.some((step) => step.event.type === "auth.changed")
          )
        )
      ),
      // A refusal of the session and a token lost to the network, from each state that asks.
      ...[sessionRefused, tokenRefused, tokenOffline].flatMap((error) =>
        [...new Set(edges.map(({ from }) => leafPath(from)))].map((source) =>
          shortest(
            edges.filter(({ from, event }) => leafPath(from) === source && "error" in event && event.error === error)
          )
        )
      )
    ].filter((edge): edge is Edge => edge !== undefined)
  )
]

const profileSaved = sessionMachine.getStateNodeById("session.signedIn.profileSaved")

/** How often a walk enters profileSaved, where the session must show home (docs/product.md). */
const timesSaved = ({ input, path }: Edge): number => {
  let snapshot = initialStep(sessionMachine, input).snapshot
  let count = 0
  for (const { event } of path.steps) {
    const next = step(sessionMachine, snapshot, event)
    count += next.taken.filter((definition) => definition.target?.includes(profileSaved) === true).length
    snapshot = next.snapshot
  }
  return count
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const stateOf = (snapshot: SessionSnapshot): string => leafPath(snapshot)

/** What a person would notice in each state, checked on the running actor. */
function expectWhatAPersonSees(
  snapshot: SessionSnapshot,
  script: ReturnType<typeof createScriptedActors>,
  lastEvent: ModelEvent | undefined,
  serverUnaware: boolean
) {
  const state = stateOf(snapshot)
  const { user } = snapshot.context
  const waitsOn = INVOKED_BY_STATE[state]
  if (waitsOn !== undefined) {
    expect(script.isWaitingFor(waitsOn), `${state} waits on ${waitsOn}`).toBe(true)
    expect(script.inputOf(waitsOn), `what ${waitsOn} was asked`).toEqual(expectedInput(waitsOn, snapshot, lastEvent))
  }

  if (state.startsWith("loading") || state.startsWith("checkingUser")) {
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
  // Offline while resuming: still the remembered person in their area, confirmed once back online.
  expect(script.isWaitingForNetwork()).toBe(state === "resuming.offline")
  if (state === "resuming.offline") expect(selectSessionStatus(snapshot).unreachable).toBeNull()
  // Logged sets and chat messages not sent are never erased without asking; asking, the person is still in their area.
  const { question } = selectLogoutView(snapshot)
  expect(question !== null).toBe(state === "leaving.confirming")
  if (state === "leaving.confirming") {
    expect(question).toMatch(
      /(reached your coach yet|been sent yet|^Not yet sent: .+)\. Signing out deletes them from this device\.$/
    )
    if (isLoggedIn(user)) expect(selectRedirectTarget(snapshot)).not.toBeNull()
  }
  if (state === "erasing") expect(selectLogoutView(snapshot).busy).toBe(true)
  // Until the email is verified the app says so, and watches for the link being opened.
  const notice = selectVerificationNotice(snapshot)
  expect(script.isWatchingVerification()).toBe(state === "signedIn.awaitingVerification")
  if (state === "signedIn.awaitingVerification") {
    expect(snapshot.context.emailVerified).toBe(false)
    expect(notice?.checking).toBe(false)
    expect(notice?.coachNote !== null).toBe(user.user_type === "Client")
  }
  // Opened, but our server has not answered with a token that says so: never more than 'checking'.
  if (state === "signedIn.refreshingToken" || state === "signedIn.confirmingVerification") {
    expect(notice?.checking).toBe(true)
  }
  if (serverUnaware && (state.startsWith("signedIn") || state.startsWith("resuming"))) {
    expect(notice?.checking, `${state}: verified since the token, not yet confirmed`).toBe(true)
  }
  if (state === "signedIn.idle") {
    expect(snapshot.context.emailVerified).toBe(true)
    expect(notice).toBeNull()
  }
  if (!state.startsWith("signedIn") && !state.startsWith("resuming")) expect(notice).toBeNull()
  // Our server is asked only with a token just brought in line with the identity service.
  script.calls.forEach((call, index) => {
    if (call.name === "checkUser") expect(script.calls[index - 1]?.name, `call ${index}`).toBe("refreshToken")
  })
  if (state.startsWith("signedOut") || state === "needsSignup") expect(selectUserToRemember(snapshot)).toBeNull()
  if (state === "serverUnreachable") expect(selectSessionStatus(snapshot).unreachable).not.toBeNull()
  // 'Sign in again' instead of 'Try again' only where our server refused the session, told
  // from the error that brought the session here (a failed sign-out or 'Stay signed in'
  // comes back to the reason recorded before).
  const { signInAgain } = selectSessionStatus(snapshot)
  if (state !== "serverUnreachable") expect(signInAgain, state).toBe(false)
  if (
    state === "serverUnreachable" &&
    lastEvent !== undefined &&
    "error" in lastEvent &&
    lastEvent.type !== "xstate.error.actor.signOut"
  ) {
    expect(signInAgain, describeEvent(lastEvent)).toBe(REFUSALS_OF_THE_SESSION.has(lastEvent.error))
  }
  // Trying again shows the try, not why the last one failed: that reason is dropped.
  if (lastEvent?.type === "session.retry") {
    expect(snapshot.context.message?.scope, `${state} after session.retry`).not.toBe("session")
    expect(selectSessionStatus(snapshot).unreachable).toBeNull()
  }
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
    case "refreshToken":
      return { emailVerified: snapshot.context.emailVerified }
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

/** Whether the server is still to hear of a verification, after `event` (see replay). */
function followServerAwareness(unaware: boolean, event: ModelEvent): boolean {
  if (event.type === "email.verified") return true
  if (event.type === "xstate.done.actor.refreshToken" && "output" in event) {
    const { verified, refreshed } = event.output as { verified: boolean; refreshed: boolean }
    return verified && (unaware || refreshed)
  }
  if (event.type === "xstate.error.actor.refreshToken") return false
  if (event.type === "xstate.done.actor.checkUser") return false
  if (event.type === "auth.changed" || event.type === "xstate.done.actor.signOut") return false
  return unaware
}

async function replay(edge: Edge) {
  const { path, input, device } = edge
  const script = createScriptedActors()
  const actor = createActor(sessionMachine.provide(script.implementations), { input })
  actor.start()
  const model = walks.get(device)?.model
  if (model === undefined) throw new Error(`no model walked for ${device}`)
  let lastEvent: ModelEvent | undefined
  // The identity service says verified since the token our server last saw: set by the
  // watcher or a refresh that fetched a token saying verified, cleared by the server's answer.
  let serverUnaware = false
  const answer = (type: string): string => type.replace(/^xstate\.(done|error)\.actor\./, "")
  try {
    await model.testPath(path, {
      events: new Proxy(
        {},
        {
          get: () => (step: { event: ModelEvent }) => {
            const { event } = step
            lastEvent = event
            serverUnaware = followServerAwareness(serverUnaware, event)
            if (event.type === "auth.changed") script.emitAuth(event.identity)
            else if (event.type === "email.verified") script.emitVerified()
            else if (event.type === "network.online") script.emitOnline()
            else if (event.type === "session.refused") actor.send(event)
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
          expectWhatAPersonSees(actual, script, lastEvent, serverUnaware)
        }
      }
    })
    // Navigation is the machine's own action: each saved profile showed home, nothing else did.
    expect(script.shown).toEqual(Array.from({ length: timesSaved(edge) }, () => "home"))
  } finally {
    actor.stop()
  }
  return { actor, script }
}

describe("a running session, driven along the model", () => {
  test("replays a walk for every transition", () => {
    expect(replayed.length).toBeGreaterThanOrEqual(declared.length / 2)
    for (const definition of eventless) {
      expect(
        replayed.some((edge) => edge.taken.has(definition)),
        describeTransition(definition)
      ).toBe(true)
    }
  })

  test("replays each refusal of the session into serverUnreachable, and a token lost offline into both", () => {
    const landings = (error: unknown) =>
      new Set(
        replayed
          .filter(({ event }) => "error" in event && event.error === error)
          .map(({ path }) => leafPath(path.state))
      )
    expect(landings(sessionRefused)).toEqual(new Set(["serverUnreachable"]))
    expect(landings(tokenRefused)).toEqual(new Set(["serverUnreachable"]))
    expect(landings(tokenOffline)).toEqual(new Set(["serverUnreachable", "resuming.offline"]))
  })

  test("retries from serverUnreachable with a reason recorded, so the retry's check has one to see dropped", () => {
    expect(
      replayed.some(
        ({ from, event }) =>
          leafPath(from) === "serverUnreachable" &&
          from.context.message?.scope === "session" &&
          event.type === "session.retry"
      )
    ).toBe(true)
  })

  test.each(replayed.map((edge) => [`on a ${edge.device}: ${edge.name}`, edge] as const))("%s", async (_, edge) => {
    await replay(edge)
  })
})

describe("what the session keeps and clears", () => {
  const walk = (events: ReadonlyArray<ModelEvent>, input: SessionInput = { useRedirect: false }) =>
    takenAlong(sessionMachine, input, events).snapshot

  test("a coach who signs in by email is logged in, recorded as 'email', and sent to the coach dashboard", () => {
    const snapshot = walk([
      done("readRedirectResult", ok(null)),
      { type: "auth.changed", identity: null },
      { type: "login.submit", email: coachIdentity.email, password: "pw" },
      done("signInWithEmail", ok(coachIdentity)),
      tokenInLine,
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
      tokenInLine,
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
    const returning = walk([
      done("readRedirectResult", ok(clientIdentity)),
      tokenInLine,
      done("checkUser", clientRecord)
    ])
    expect(returning.context.user.signInMethod).toBe("google redirect")
    expect(selectRedirectTarget(returning)).toBe("/client/dashboard")
  })

  test("an existing sign-in found on page load is looked up again with the method 'refresh'", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      tokenInLine,
      done("checkUser", clientRecord)
    ])
    expect(snapshot.context.user.signInMethod).toBe("refresh")
    expect(stateOf(snapshot)).toBe("signedIn.idle")
  })

  test("a client back from the verification link is told 'checking' until our server answers the refreshed token", () => {
    const returning = { useRedirect: false, resumeAs: clientRecord }
    const back = [{ type: "auth.changed", identity: clientIdentity }] satisfies ReadonlyArray<ModelEvent>
    const refreshing = walk(back, returning)
    expect(stateOf(refreshing)).toBe("resuming.refreshingToken")
    const refreshed = [...back, done("refreshToken", { verified: true, refreshed: true })]
    const asking = walk(refreshed, returning)
    expect(stateOf(asking)).toBe("resuming.confirming")
    expect(selectVerificationNotice(asking)).toEqual({
      text: "Checking your verification…",
      coachNote: "Your coach will see you as soon as it is confirmed.",
      checking: true
    })
    const confirmed = walk([...refreshed, done("checkUser", clientRecord)], returning)
    expect(stateOf(confirmed)).toBe("signedIn.idle")
    expect(selectVerificationNotice(confirmed)).toBeNull()
    // A token that already said verified: nothing to check, no notice.
    expect(selectVerificationNotice(walk([...back, tokenInLine], returning))).toBeNull()
  })

  test("logging out clears every field of the user", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      tokenInLine,
      done("checkUser", clientRecord),
      { type: "logout.request" },
      done("countUnsent", { sets: 0, messages: 0 }),
      done("signOut"),
      done("eraseDevice")
    ])
    expect(snapshot.context.user).toEqual(EMPTY_SESSION_USER)
  })

  test("a failed logout keeps the person signed in and keeps an error text", () => {
    const snapshot = walk([
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      tokenInLine,
      done("checkUser", clientRecord),
      { type: "logout.request" },
      done("countUnsent", { sets: 0, messages: 0 }),
      failure("signOut")
    ])
    expect(stateOf(snapshot)).toBe("signedIn.idle")
    expect(snapshot.context.logoutError).toEqual(expect.any(String))
  })

  test("offline, a returning client stays in their area as remembered, and is confirmed once back online", () => {
    const returning = { useRedirect: false, resumeAs: clientRecord }
    const offline = walk(
      [{ type: "auth.changed", identity: clientIdentity }, tokenInLine, failure("checkUser", networkDown)],
      returning
    )
    expect(stateOf(offline)).toBe("resuming.offline")
    expect(selectRedirectTarget(offline)).toBe("/client/dashboard")
    expect(selectSessionStatus(offline).unreachable).toBeNull()
    const back = walk(
      [
        { type: "auth.changed", identity: clientIdentity },
        tokenInLine,
        failure("checkUser", networkDown),
        { type: "network.online" },
        tokenInLine,
        done("checkUser", clientRecord)
      ],
      returning
    )
    expect(stateOf(back)).toBe("signedIn.idle")
    // A server that answers with a failure is not the network: that is said, as before.
    const failing = walk(
      [{ type: "auth.changed", identity: clientIdentity }, tokenInLine, failure("checkUser", serverDefect)],
      returning
    )
    expect(stateOf(failing)).toBe("serverUnreachable")
    expect(selectSessionStatus(failing)).toMatchObject({ unreachable: SOMETHING_WENT_WRONG, signInAgain: false })
    // A server that refuses the session says so: signing in again is the way, not the network.
    const refused = walk(
      [{ type: "auth.changed", identity: clientIdentity }, tokenInLine, failure("checkUser", sessionRefused)],
      returning
    )
    expect(stateOf(refused)).toBe("serverUnreachable")
    expect(selectSessionStatus(refused)).toMatchObject({ unreachable: SESSION_REVOKED, signInAgain: true })
  })

  test("trying again after a refusal drops its reason; a different failure then says its own", () => {
    const refused = [
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      tokenInLine,
      failure("checkUser", sessionRefused)
    ] satisfies ReadonlyArray<ModelEvent>
    expect(selectSessionStatus(walk(refused))).toMatchObject({ unreachable: SESSION_REVOKED, signInAgain: true })
    const retrying = walk([...refused, { type: "session.retry" }])
    expect(stateOf(retrying)).toBe("checkingUser.refreshingToken")
    expect(retrying.context.message).toBeNull()
    expect(selectSessionStatus(retrying)).toMatchObject({ loading: true, unreachable: null, signInAgain: false })
    const failedAgain = walk([...refused, { type: "session.retry" }, tokenInLine, failure("checkUser", serverDefect)])
    expect(stateOf(failedAgain)).toBe("serverUnreachable")
    expect(selectSessionStatus(failedAgain)).toMatchObject({ unreachable: SOMETHING_WENT_WRONG, signInAgain: false })
    const confirmed = walk([...refused, { type: "session.retry" }, tokenInLine, done("checkUser", clientRecord)])
    expect(stateOf(confirmed)).toBe("signedIn.idle")
    expect(confirmed.context.message).toBeNull()
  })

  test("a refusal of the session is told from the error, not its text: only then is signing in again the way on", () => {
    const unconfirmedBy = (error: unknown) =>
      walk([
        { type: "auth.changed", identity: clientIdentity },
        done("readRedirectResult", ok(null)),
        tokenInLine,
        failure("checkUser", error)
      ])
    const status = (error: unknown) => selectSessionStatus(unconfirmedBy(error))
    // Refused: a 401 with any message, or no token to send for a reason not the network's.
    expect(status(sessionRefused)).toMatchObject({ unreachable: SESSION_REVOKED, signInAgain: true })
    expect(status(new Unauthorized({ error: "Missing bearer token" })).signInAgain).toBe(true)
    expect(status(tokenRefused)).toMatchObject({ unreachable: SOMETHING_WENT_WRONG, signInAgain: true })
    // Worth trying again: the network, a token lost to it, a fault, a busy server, a
    // refusal of something else, and a fault whose text happens to say "sign in again".
    expect(status(networkDown)).toMatchObject({ unreachable: NETWORK_DOWN, signInAgain: false })
    expect(status(tokenOffline)).toMatchObject({ unreachable: NETWORK_DOWN, signInAgain: false })
    expect(status(serverDefect).signInAgain).toBe(false)
    expect(status(new GatewayDefect({ reason: "status", message: "500", status: 500 })).signInAgain).toBe(false)
    const busy = new GatewayDefect({ reason: "status", message: "503", status: 503, retryAfterMs: 1_000 })
    expect(status(busy)).toMatchObject({ unreachable: SERVER_BUSY, signInAgain: false })
    expect(status({ _tag: "Forbidden", error: "sign in again" })).toMatchObject({
      unreachable: "sign in again",
      signInAgain: false
    })
    for (const error of [sessionRefused, networkDown]) expect(status(error).canRetry).toBe(true)
  })

  test("a refusal stays one through 'Stay signed in' and a failed sign-out: the screen still says sign in again", () => {
    const refused = [
      { type: "auth.changed", identity: clientIdentity },
      done("readRedirectResult", ok(null)),
      tokenInLine,
      failure("checkUser", sessionRefused),
      { type: "logout.request" }
    ] satisfies ReadonlyArray<ModelEvent>
    const stayed = walk([...refused, done("countUnsent", { sets: 1, messages: 0 }), { type: "logout.cancel" }])
    expect(stateOf(stayed)).toBe("serverUnreachable")
    expect(selectSessionStatus(stayed)).toMatchObject({ unreachable: SESSION_REVOKED, signInAgain: true })
    const failed = walk([...refused, done("countUnsent", { sets: 0, messages: 0 }), failure("signOut")])
    expect(stateOf(failed)).toBe("serverUnreachable")
    expect(selectSessionStatus(failed)).toMatchObject({ unreachable: SESSION_REVOKED, signInAgain: true })
    expect(selectLogoutView(failed).error).toEqual(expect.any(String))
    const left = walk([...refused, done("countUnsent", { sets: 0, messages: 0 }), done("signOut"), done("eraseDevice")])
    expect(stateOf(left)).toBe("signedOut.idle")
    expect(selectSessionStatus(left)).toMatchObject({ unreachable: null, signInAgain: false })
  })

  test("logged sets and chat messages not yet sent are never erased without asking; staying keeps everything", () => {
    const signedIn = [
      { type: "auth.changed", identity: clientIdentity } as const,
      done("readRedirectResult", ok(null)),
      tokenInLine,
      done("checkUser", clientRecord),
      { type: "logout.request" } as const
    ]
    const asking = walk([...signedIn, done("countUnsent", { sets: 2, messages: 0 })])
    expect(stateOf(asking)).toBe("leaving.confirming")
    expect(selectLogoutView(asking).question).toBe(
      "2 logged sets have not reached your coach yet. Signing out deletes them from this device."
    )
    expect(stateOf(walk([...signedIn, done("countUnsent", { sets: 2, messages: 0 }), { type: "logout.cancel" }]))).toBe(
      "signedIn.idle"
    )
    const anyway = walk([
      ...signedIn,
      done("countUnsent", { sets: 2, messages: 0 }),
      { type: "logout.confirm" },
      done("signOut")
    ])
    expect(stateOf(anyway)).toBe("erasing")
    expect(
      stateOf(
        walk([
          ...signedIn,
          done("countUnsent", { sets: 2, messages: 0 }),
          { type: "logout.confirm" },
          done("signOut"),
          done("eraseDevice")
        ])
      )
    ).toBe("signedOut.idle")
    // Chat messages not sent are counted too, alone or with sets.
    const messages = (count: { sets: number; messages: number }) =>
      selectLogoutView(walk([...signedIn, done("countUnsent", count)])).question
    expect(messages({ sets: 0, messages: 1 })).toBe(
      "Not yet sent: 1 chat message. Signing out deletes it from this device."
    )
    expect(messages({ sets: 0, messages: 3 })).toBe(
      "Not yet sent: 3 chat messages. Signing out deletes them from this device."
    )
    expect(messages({ sets: 1, messages: 2 })).toBe(
      "Not yet sent: 1 logged set and 2 chat messages. Signing out deletes them from this device."
    )
    // An outbox that cannot be read is asked about too, without a number.
    expect(selectLogoutView(walk([...signedIn, failure("countUnsent")])).question).toBe(
      "Logged sets or chat messages may not have been sent yet. Signing out deletes them from this device."
    )
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

  test("an unchanged email and a blank password change nothing, count as saved, and show home", async () => {
    const script = createScriptedActors()
    const actor = createActor(sessionMachine.provide(script.implementations), { input: { useRedirect: false } })
    actor.start()
    try {
      script.emitAuth(coachIdentity)
      script.settle("readRedirectResult", ok(null))
      await flush()
      script.settle("refreshToken", { verified: true, refreshed: false })
      await flush()
      script.settle("checkUser", coachRecord)
      await flush()
      actor.send(profile(coachRecord.email, "") as SessionEvent)
      expect(stateOf(actor.getSnapshot())).toBe("signedIn.idle")
      expect(script.shown).toEqual(["home"])
      expect(script.calls.map((call) => call.name)).toEqual(["readRedirectResult", "refreshToken", "checkUser"])
    } finally {
      actor.stop()
    }
  })

  test("a profile change in flight cannot be sent again, and the form says so through the snapshot", () => {
    const signedIn = [
      { type: "auth.changed", identity: coachIdentity },
      done("readRedirectResult", ok(null)),
      tokenInLine,
      done("checkUser", coachRecord)
    ] satisfies ReadonlyArray<ModelEvent>
    const idle = walk(signedIn)
    const updating = walk([...signedIn, profile(NEW_EMAIL, "")])
    expect(stateOf(updating)).toBe("signedIn.updatingEmail")
    expect(updating.can(profile(NEW_EMAIL, "") as SessionEvent)).toBe(false)
    expect([selectProfileView(idle).busy, selectProfileView(updating).busy]).toEqual([false, true])
    expect([
      selectLogoutView(idle).canLogOut,
      selectLogoutView(walk([...signedIn, { type: "logout.request" }])).canLogOut
    ]).toEqual([true, false])
  })
})
