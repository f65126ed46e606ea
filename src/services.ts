/**
 * The composition root: the one place that knows both the identity service and our
 * API, and hands them to the routes as router context. Machines only see the small
 * ports they declare; the session's are filled in here with
 * `sessionMachine.provide(sessionImplementations(ports))`.
 */
import { createActor } from "xstate"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { CoachingGateway } from "#gateway/coaching-gateway.ts"
import type { DataGateway } from "#gateway/data-gateway.ts"
import type { VideosGateway } from "#gateway/videos-gateway.ts"
import type { DoneWorkGateway } from "#gateway/done-work-gateway.ts"
import type { Gateway, GatewayOptions } from "#gateway/gateway.ts"
import { lazyCalls } from "#gateway/lazy-calls.ts"
import type { LiveService, LiveStatus } from "#gateway/live-feed.ts"
import type { LiveEvent } from "#domain/live-events.ts"
import type { UserId } from "#domain/ids.ts"
import { isMobileBrowser } from "#identity/is-mobile-browser.ts"
import { browserStorage, rememberedUser, type RememberedUser } from "#identity/remembered-user.ts"
import {
  sessionImplementations,
  type AccountsPort,
  type DevicePort,
  type IdentityPort,
  type SessionNavigation
} from "#machines/session/session.actors.ts"
import { onBackOnline } from "#device/network.ts"
import { sessionMachine } from "#machines/session/session.machine.ts"
import { selectIsLoggedIn, selectUserToRemember, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { yieldToBrowser } from "./yield-to-browser.ts"

export interface AppServices {
  /** The signed-in person's session; every screen reads who is signed in from it. */
  readonly session: SessionActorRef
  /**
   * Our API. Its code (Effect, the contract) loads on the first call, so screens that make
   * no call do not pay for it (#gateway/lazy-calls.ts); so do the three below.
   */
  readonly gateway: Gateway
  /** Loads the API's code now, before any call needs it (the signed-in guard). */
  readonly preloadGateway: () => Promise<unknown>
  /** Our chat and comments API, in a chunk of its own: only the screens that talk load it. */
  readonly chat: ChatGateway
  /** Who coaches whom (invitations, accepting, ending a link), in a chunk of its own. */
  readonly coaching: CoachingGateway
  /** Work by the day it was done (progress, maxes), loaded by the screens that read it. */
  readonly doneWork: DoneWorkGateway
  /** Imports and exports ("Your data", a coach's roster and programs), loaded by those screens. */
  readonly data: DataGateway
  /** Form-check clips (the lifter's sets, the coach's review), loaded by the screens that show them. */
  readonly videos: VideosGateway
  /** The signed-in person's live events (one stream per tab), and the stream's status. */
  readonly live: LiveService
  /** Where the session's navigation actions go: the router binds itself here (router.tsx). */
  readonly navigation: LateNavigation
}

/** The paths the session navigates to. */
export type SessionPath = "/"

/**
 * The session's navigation, bound late. The session starts before the router exists
 * (main.tsx: the router's guards wait on the session), so the router, once created,
 * binds itself here; a navigation asked for before that is kept and made at binding.
 */
export interface LateNavigation extends SessionNavigation {
  bind(navigate: (path: SessionPath) => void): void
}

export function lateNavigation(): LateNavigation {
  let navigate: ((path: SessionPath) => void) | undefined
  let waiting: SessionPath | undefined
  const go = (path: SessionPath) => {
    if (navigate === undefined) waiting = path
    else navigate(path)
  }
  return {
    showHome: () => go("/"),
    bind: (to) => {
      navigate = to
      if (waiting !== undefined) to(waiting)
      waiting = undefined
    }
  }
}

/**
 * Firebase Auth, imported rather than bundled with the app's first code: its module code
 * then runs in a task of its own instead of lengthening the start-up task (~40 ms at 4x;
 * docs/performance.md). index.html preloads the chunk, so it is ready by then.
 */
const firebase = () => import("#identity/firebase-auth.ts")

/**
 * Effect's module code (chunk "effect"), the contract's (chunk "gateway") and building the
 * client from the contract each run in a task of their own: as one, they blocked a slow
 * phone for ~250 ms (docs/performance.md). Importing any Effect module evaluates the
 * whole Effect chunk.
 */
const importGateway = async () => {
  await import("effect/Function")
  await yieldToBrowser()
  const gateway = await import("#gateway/gateway.ts")
  await yieldToBrowser()
  return gateway
}

/**
 * `load` run once and kept; a failed load (offline at the first try, perhaps the early one
 * in createAppServices) is forgotten so a later call tries again.
 */
const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | undefined
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
}

/** What our API's gateways share; `onSessionRefused` is told of a call refused with a fresh token. */
type ApiHooks = Pick<GatewayOptions, "onSessionRefused">

const apiOptions = (hooks: ApiHooks): GatewayOptions => ({
  baseUrl: window.location.origin,
  getIdToken: async (forceRefresh?: boolean) => (await firebase()).getIdToken(forceRefresh),
  ...hooks
})

const loadGateway = (hooks: ApiHooks) => loadOnce(async () => (await importGateway()).makeGateway(apiOptions(hooks)))

const loadChatGateway = (hooks: ApiHooks) =>
  loadOnce(async () => (await import("#gateway/chat-gateway.ts")).makeChatGateway(apiOptions(hooks)))

const loadCoachingGateway = (hooks: ApiHooks) =>
  loadOnce(async () => (await import("#gateway/coaching-gateway.ts")).makeCoachingGateway(apiOptions(hooks)))

const loadDoneWorkGateway = (hooks: ApiHooks) =>
  loadOnce(async () => (await import("#gateway/done-work-gateway.ts")).makeDoneWorkGateway(apiOptions(hooks)))

const loadDataGateway = (hooks: ApiHooks) =>
  loadOnce(async () => (await import("#gateway/data-gateway.ts")).makeDataGateway(apiOptions(hooks)))

const loadVideosGateway = (hooks: ApiHooks) =>
  loadOnce(async () => (await import("#gateway/videos-gateway.ts")).makeVideosGateway(apiOptions(hooks)))

const firebaseIdentity: IdentityPort = {
  signInWithEmail: async (email, password) => (await firebase()).signInWithEmail(email, password),
  signUpWithEmail: async (email, password) => (await firebase()).signUpWithEmail(email, password),
  signInWithGooglePopup: async () => (await firebase()).signInWithGooglePopup(),
  startGoogleRedirect: async () => (await firebase()).startGoogleRedirect(),
  getGoogleRedirectResult: async () => (await firebase()).getGoogleRedirectResult(),
  sendPasswordReset: async (email) => (await firebase()).sendPasswordReset(email),
  updateEmail: async (email) => (await firebase()).updateEmail(email),
  updatePassword: async (password) => (await firebase()).updatePassword(password),
  signOut: async () => (await firebase()).signOut(),
  refreshVerifiedToken: async () => (await firebase()).refreshVerifiedToken(),
  onEmailVerified: (listener) => {
    let unsubscribe: (() => void) | undefined
    let stopped = false
    void firebase().then((identity) => {
      if (!stopped) unsubscribe = identity.onEmailVerified(listener)
    })
    return () => {
      stopped = true
      unsubscribe?.()
    }
  },
  onAuthChange: (listener) => {
    let unsubscribe: (() => void) | undefined
    let stopped = false
    void firebase().then(
      async (identity) => {
        // Firebase's module code has just run: start it (initializeAuth) in the next task.
        await yieldToBrowser()
        if (!stopped) unsubscribe = identity.onAuthChange(listener)
      },
      // Firebase's code did not load (the network dropped mid-load). Saying "signed out"
      // would end a remembered session; the session stays where it is until a reload.
      (error: unknown) => console.error("identity: Firebase Auth did not load", error)
    )
    return () => {
      stopped = true
      unsubscribe?.()
    }
  }
}

const gatewayAccounts = (gateway: Pick<Gateway, "checkUser" | "signup">): AccountsPort => ({
  checkUser: async (query) => (await gateway.checkUser(query))[0] ?? null,
  signup: (payload) => gateway.signup(payload)
})

/**
 * A running session over the given ports (the app passes Firebase, our API and
 * localStorage; tests pass stand-ins). It starts as the person `memory` recalls, and
 * keeps `memory` up to date with whoever the session confirms.
 */
export function startSession(ports: {
  readonly identity: IdentityPort
  readonly accounts: AccountsPort
  readonly navigation: SessionNavigation
  readonly memory: RememberedUser
  readonly useRedirect: boolean
  readonly device?: DevicePort
  readonly onBackOnline?: (listener: () => void) => () => void
}): SessionActorRef {
  const machine = sessionMachine.provide(sessionImplementations(ports))
  const session = createActor(machine, {
    input: { useRedirect: ports.useRedirect, resumeAs: ports.memory.recall() }
  })
  let kept: string | undefined
  session.subscribe((snapshot) => {
    const record = selectUserToRemember(snapshot)
    if (record === undefined) return
    const serialized = JSON.stringify(record)
    if (serialized === kept) return
    kept = serialized
    ports.memory.keep(record)
  })
  return session.start()
}

type DeviceChunk = typeof import("#device/device-erase.ts")

/**
 * What signing out erases (docs/decisions/027), in a chunk of its own: only 'Log Out' needs
 * it. Signing out may happen offline, so the chunk is fetched as soon as someone is signed in,
 * and then starts the chat outboxes with messages the device kept (docs/decisions/030).
 */
function browserDevice(): DevicePort & { prepare(then: (chunk: DeviceChunk) => unknown): void } {
  let chunk: Promise<DeviceChunk> | undefined
  const eraser = () =>
    (chunk ??= import("#device/device-erase.ts").catch((error: unknown) => {
      chunk = undefined
      throw error
    }))
  return {
    countUnsent: async () => (await eraser()).countUnsent(),
    erase: async () => (await eraser()).eraseDevice(),
    prepare: (then) =>
      void eraser()
        .then(then)
        .catch(() => undefined)
  }
}

/** What the running stream reports to the service (liveService's `start`). */
export interface LiveRun {
  readonly me: UserId
  /** The service itself: the unread counts listen to its events and status. */
  readonly live: LiveService
  readonly event: (event: LiveEvent) => void
  readonly status: (status: LiveStatus) => void
  readonly unread: (total: number | null) => void
}

/** A set of listeners that hears the latest value on subscribing and every change after. */
function latest<T>(initial: T) {
  const listeners = new Set<(value: T) => void>()
  let value = initial
  return {
    set: (next: T) => {
      value = next
      ;[...listeners].forEach((listener) => listener(next))
    },
    subscribe: (listener: (value: T) => void) => {
      const once = (next: T) => listener(next)
      listeners.add(once)
      listener(value)
      return () => void listeners.delete(once)
    }
  }
}

/**
 * The tab's one live stream and its unread counts, run while someone is signed in and
 * stopped when they sign out. Their code loads (chunk "chat") only then, so the first
 * screens do not carry it. Listeners may subscribe before: they hear once it runs.
 */
export function liveService(
  session: SessionActorRef,
  start: (run: LiveRun) => Promise<{ readonly stop: () => void }>
): LiveService {
  const listeners = new Set<(event: LiveEvent) => void>()
  const status = latest<LiveStatus>("stopped")
  const unread = latest<number | null>(null)
  const service: LiveService = {
    subscribe: (listener) => {
      const once = (event: LiveEvent) => listener(event)
      listeners.add(once)
      return () => void listeners.delete(once)
    },
    subscribeStatus: status.subscribe,
    subscribeUnread: unread.subscribe
  }
  // Whose stream runs (a user id), and the running one once loaded.
  let owner: UserId | undefined
  let running: Promise<{ readonly stop: () => void } | undefined> | undefined
  const stop = () => {
    const stopping = running
    running = undefined
    owner = undefined
    void stopping?.then((stream) => stream?.stop())
    status.set("stopped")
    unread.set(null)
  }
  session.subscribe((snapshot) => {
    const who = (selectIsLoggedIn(snapshot) ? snapshot.context.user.id : null) ?? undefined
    if (who === owner) return
    if (owner !== undefined) stop()
    if (who === undefined) return
    owner = who
    const mine = (running = start({
      me: who,
      live: service,
      event: (event) => [...listeners].forEach((listener) => listener(event)),
      status: status.set,
      unread: unread.set
    }).catch((error: unknown) => {
      console.error("live events: the stream's code did not load", error)
      return undefined
    }))
    // Signed out (or someone else signed in) while the code loaded: stop what just started.
    void mine.then((stream) => {
      if (running !== mine) stream?.stop()
    })
  })
  return service
}

const browserStream =
  (chat: ChatGateway, hooks: ApiHooks) =>
  async (run: LiveRun): Promise<{ readonly stop: () => void }> =>
    (await import("#machines/live-stream/live-stream.start.ts")).startLive(apiOptions(hooks), chat, run)

/** Starts the live services for the browser. */
export function createAppServices(): AppServices {
  // A call our server refused even with a fresh token ends the session for every screen at
  // once (the session's "session.refused"), not one panel at a time.
  const hooks: ApiHooks = { onSessionRefused: (refusal) => session.send({ type: "session.refused", error: refusal }) }
  const preloadGateway = loadGateway(hooks)
  const gateway = lazyCalls<Gateway>(preloadGateway)
  const chat = lazyCalls(loadChatGateway(hooks))
  const coaching = lazyCalls(loadCoachingGateway(hooks))
  const doneWork = lazyCalls(loadDoneWorkGateway(hooks))
  const data = lazyCalls(loadDataGateway(hooks))
  const videos = lazyCalls(loadVideosGateway(hooks))
  // Opening a signed-in area, the session will ask our API who this is as soon as Firebase
  // has restored the sign-in: fetch the client now, alongside that restore, not after it.
  if (/^\/(?:client|coach)(?:\/|$)/.test(window.location.pathname)) void preloadGateway().catch(() => undefined)
  const navigation = lateNavigation()
  const device = browserDevice()
  const session = startSession({
    identity: firebaseIdentity,
    accounts: gatewayAccounts(gateway),
    navigation,
    memory: rememberedUser(browserStorage()),
    useRedirect: isMobileBrowser(navigator.userAgent),
    device,
    onBackOnline
  })
  const preparing = session.subscribe((snapshot) => {
    if (!selectIsLoggedIn(snapshot)) return
    // Chat messages written before a reload or in a closed tab are sent, the chat open or not.
    const me = snapshot.context.user.id
    device.prepare(() =>
      // The outboxes' code loads only now, once the erase chunk (fetched at sign-in anyway) is in.
      me === null
        ? undefined
        : import("#machines/chat-outbox/chat-outbox.registry.ts")
            .then((registry) => registry.startKeptOutboxes({ session, chat }, me))
            .catch((error: unknown) => console.error("chat outbox: the kept messages could not be restored", error))
    )
    preparing.unsubscribe()
  })
  const live = liveService(session, browserStream(chat, hooks))
  return { session, gateway, preloadGateway, chat, coaching, doneWork, data, videos, live, navigation }
}
