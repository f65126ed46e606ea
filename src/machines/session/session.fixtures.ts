import { fromCallback, fromPromise, type NonReducibleUnknown } from "xstate"
import { FirebaseUid, UserId } from "#domain/ids.ts"
import type { SignupPayload, UserRecord } from "#domain/user.ts"
import { sessionImplementations, type SessionImplementations, type SessionPorts } from "./session.actors.ts"
import type { AuthIdentity, Outcome, TokenVerification, Unsent } from "./session.types.ts"

// Sample people and stand-in actors for stories and tests. No network, no Firebase.

export const coachIdentity: AuthIdentity = {
  uid: FirebaseUid.make("uid-coach-ada"),
  email: "ada@example.com",
  emailVerified: true
}
export const clientIdentity: AuthIdentity = {
  uid: FirebaseUid.make("uid-client-bo"),
  email: "bo@example.com",
  emailVerified: true
}
/** Someone new who signed up with email and password: not verified yet. */
export const newcomerIdentity: AuthIdentity = {
  uid: FirebaseUid.make("uid-new-cy"),
  email: "cy@example.com",
  emailVerified: false
}

export const coachRecord: UserRecord = {
  id: UserId.make(1),
  name: "Ada Lovelace",
  email: coachIdentity.email,
  firebase_id: coachIdentity.uid,
  user_type: "Coach"
}

export const clientRecord: UserRecord = {
  id: UserId.make(2),
  name: "Bo Client",
  email: clientIdentity.email,
  firebase_id: clientIdentity.uid,
  user_type: "Client"
}

export const newcomerRecord = (name: string, userType: UserRecord["user_type"]): UserRecord => ({
  id: UserId.make(3),
  name,
  email: newcomerIdentity.email,
  firebase_id: newcomerIdentity.uid,
  user_type: userType
})

/** What the identity service answers for a wrong password (a Firebase error code). */
export const wrongPassword = Object.assign(new Error("Firebase: Error (auth/wrong-password)."), {
  code: "auth/wrong-password"
})
export const emailInUse = Object.assign(new Error("Firebase: Error (auth/email-already-in-use)."), {
  code: "auth/email-already-in-use"
})
export const networkDown = Object.assign(new Error("Firebase: Error (auth/network-request-failed)."), {
  code: "auth/network-request-failed"
})

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const refusal = (message: string): Outcome<never> => ({ ok: false, message })

type ActorName = keyof SessionImplementations["actors"]
type PromiseActorName = Exclude<ActorName, "listenToAuth" | "watchEmailVerified" | "waitForNetwork">

interface Call {
  readonly input: unknown
  readonly resolve: (output: unknown) => void
  readonly reject: (error: unknown) => void
}

/**
 * Actors that wait for the test to answer: `settle("checkUser", record)` resolves
 * the pending call, `fail(...)` rejects it, `emitAuth(identity)` plays the auth
 * listener. `calls` records every invocation's input, `shown` every navigation.
 * A model walk answers each invoked actor with an exact output, so these stand in for
 * the actors themselves; `sessionMachine.provide(script.implementations)` mounts them.
 */
export function createScriptedActors() {
  const pending = new Map<PromiseActorName, Call>()
  const calls: Array<{ readonly name: PromiseActorName; readonly input: unknown }> = []
  let emit: ((identity: AuthIdentity | null) => void) | null = null
  let verified: (() => void) | null = null
  let online: (() => void) | null = null

  const waiting = <TOutput, TInput = NonReducibleUnknown>(name: PromiseActorName) =>
    fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          calls.push({ name, input })
          pending.set(name, { input, resolve: (output) => resolve(output as TOutput), reject })
        })
    )

  const answer = (name: PromiseActorName): Call => {
    const call = pending.get(name)
    if (call === undefined) throw new Error(`${name} was not invoked, so there is nothing to answer`)
    pending.delete(name)
    return call
  }

  const actors = {
    listenToAuth: fromCallback<{ type: "auth.changed"; identity: AuthIdentity | null }>(({ sendBack }) => {
      emit = (identity) => sendBack({ type: "auth.changed", identity })
      return () => {
        emit = null
      }
    }),
    watchEmailVerified: fromCallback<{ type: "email.verified" }>(({ sendBack }) => {
      verified = () => sendBack({ type: "email.verified" })
      return () => {
        verified = null
      }
    }),
    refreshToken: waiting<TokenVerification, { emailVerified: boolean }>("refreshToken"),
    readRedirectResult: waiting<Outcome<AuthIdentity | null>>("readRedirectResult"),
    signInWithEmail: waiting<Outcome<AuthIdentity>, { email: string; password: string }>("signInWithEmail"),
    signInWithGooglePopup: waiting<Outcome<AuthIdentity>>("signInWithGooglePopup"),
    startGoogleRedirect: waiting<Outcome<undefined>>("startGoogleRedirect"),
    createAccount: waiting<Outcome<AuthIdentity>, { email: string; password: string }>("createAccount"),
    checkUser: waiting<UserRecord | null, { email: string; firebaseId: FirebaseUid }>("checkUser"),
    registerUser: waiting<UserRecord, SignupPayload>("registerUser"),
    sendPasswordReset: waiting<undefined, { email: string }>("sendPasswordReset"),
    updateEmail: waiting<Outcome<undefined>, { email: string }>("updateEmail"),
    updatePassword: waiting<Outcome<undefined>, { password: string }>("updatePassword"),
    signOut: waiting<undefined>("signOut"),
    countUnsent: waiting<Unsent>("countUnsent"),
    eraseDevice: waiting<undefined>("eraseDevice"),
    waitForNetwork: fromCallback<{ type: "network.online" }>(({ sendBack }) => {
      online = () => sendBack({ type: "network.online" })
      return () => {
        online = null
      }
    })
  } satisfies Record<ActorName, unknown>

  const shown: Array<"home"> = []
  const actions = { showHome: () => void shown.push("home") } satisfies SessionImplementations["actions"]

  return {
    actors,
    actions,
    implementations: { actors, actions },
    calls,
    shown,
    isWaitingFor: (name: PromiseActorName) => pending.has(name),
    inputOf: (name: PromiseActorName): unknown => pending.get(name)?.input,
    settle: (name: PromiseActorName, output: unknown) => answer(name).resolve(output),
    fail: (name: PromiseActorName, error: unknown) => answer(name).reject(error),
    emitAuth: (identity: AuthIdentity | null) => {
      if (emit === null) throw new Error("the auth listener is not running")
      emit(identity)
    },
    /** Whether the session is watching for the email to be verified. */
    isWatchingVerification: () => verified !== null,
    emitVerified: () => {
      if (verified === null) throw new Error("the verification watcher is not running")
      verified()
    },
    /** Whether the session waits for the browser to be back online. */
    isWaitingForNetwork: () => online !== null,
    emitOnline: () => {
      if (online === null) throw new Error("the session is not waiting for the network")
      online()
    }
  }
}

export type ScriptedActors = ReturnType<typeof createScriptedActors>

const never = <T>() => new Promise<T>(() => undefined)

/**
 * Ports for stories: calls never answer and nobody signs in or out, so a story seeded in
 * a busy state stays busy, and a click shows the busy state it leads to.
 */
export const storyPorts: SessionPorts = {
  identity: {
    signInWithEmail: never,
    signUpWithEmail: never,
    signInWithGooglePopup: never,
    startGoogleRedirect: never,
    getGoogleRedirectResult: never,
    sendPasswordReset: never,
    updateEmail: never,
    updatePassword: never,
    signOut: never,
    onAuthChange: () => () => undefined,
    onEmailVerified: () => () => undefined,
    refreshVerifiedToken: never
  },
  accounts: { checkUser: never, signup: never },
  navigation: { showHome: () => undefined }
}

/** The session's own actors over `storyPorts`, for stories seeded in one state. */
export const storyActors = sessionImplementations(storyPorts).actors
