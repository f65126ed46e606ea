/**
 * The browser side of the contract: a typed client derived from src/domain/api.ts
 * (./contract-client.ts: fetch, encoded and decoded with the contract's own schemas)
 * that attaches the current Firebase ID token to every call. Declared errors arrive as
 * their tagged classes (#domain/declared-errors.ts, matched by `_tag`);
 * everything else is a GatewayDefect. Each call exists as an Effect (typed errors) and
 * as a plain Promise (for XState fromPromise actors), which rejects with those same values.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Cause from "effect/Cause"
import { Api } from "#domain/api.ts"
import { Unauthorized } from "#domain/api-errors.ts"
import type { DeclaredError } from "#domain/declared-errors.ts"
import { isRouteDate, routeDateToIso, type IsoDate, type RouteDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { SignupPayload } from "#domain/user.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { ExerciseDemo, NewCustomExercise } from "#domain/exercises.ts"
import type { NewTestedMax } from "#domain/maxes.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { CopyPayload } from "#domain/copy-plan.ts"
import type { NewTemplate, TemplateCursor, TemplateId } from "#domain/templates.ts"
import type { EditWorkoutPayload, WorkoutAddress } from "#domain/workout-edits.ts"
import type { MoveWorkoutPayload } from "#domain/workout-move.ts"
import type {
  AddClientPayload,
  AddLoggedSetPayload,
  ClientKey,
  SaveWorkoutPayload,
  SetResultUpdate
} from "#domain/workout.ts"
import type * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { makeContractClient, type ContractClient } from "./contract-client.ts"
import { GatewayDefect } from "./gateway-defect.ts"

export { GatewayDefect }

export type GatewayError = DeclaredError | GatewayDefect

export const isGatewayDefect = (error: unknown): error is GatewayDefect => error instanceof GatewayDefect

export interface GatewayOptions {
  /** Origin of the API, e.g. "" for same origin or "http://127.0.0.1:3000". Paths already carry /beta. */
  readonly baseUrl: string
  /** The current user's Firebase ID token, or null when signed out. */
  /** `forceRefresh` asks Firebase for a new token instead of its cached one. */
  readonly getIdToken: (forceRefresh?: boolean) => Promise<string | null>
  /** Replaces globalThis.fetch (tests). */
  readonly fetch?: typeof globalThis.fetch
  /** Told of a call our server refused (401) even with a fresh token: the session is over. */
  readonly onSessionRefused?: (refusal: Unauthorized) => void
}

/** A date as a route carries it (MM-DD-YYYY) or as the wire does (YYYY-MM-DD). */
export type AnyDate = IsoDate | RouteDate

const toIso = (date: AnyDate): IsoDate => (isRouteDate(date) ? routeDateToIso(date) : date)

/** The inclusive days a read covers; the contract takes at most MAX_READ_DAYS (#domain/workout.ts). */
export interface DateRange {
  readonly from: AnyDate
  readonly to: AnyDate
}

const rangeQuery = (range: DateRange) => ({ from: toIso(range.from), to: toIso(range.to) })

/** A payload whose `date` may also be a route date. */
type Dated<T extends { readonly date: IsoDate }> = Omit<T, "date"> & { readonly date: AnyDate }

/** A table of calls as Effects; `PromiseCalls` is its Promise flavour. */
type EffectCalls = Record<string, (...args: never) => Effect.Effect<unknown, unknown>>

/** Each call of `Calls` as a Promise that rejects with the call's declared error or a GatewayDefect. */
export type PromiseCalls<Calls> = {
  readonly [K in keyof Calls]: Calls[K] extends (...args: infer A) => Effect.Effect<infer R, unknown>
    ? (...args: A) => Promise<R>
    : never
}

/**
 * What every contract client of ours shares: the fetch to use, the bearer token of the
 * signed-in person on each call, and one retry with a fresh token after a 401.
 */
export function signedInCalls(options: GatewayOptions) {
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const token = (forceRefresh: boolean) =>
    Effect.tryPromise({
      try: () => options.getIdToken(forceRefresh),
      catch: (cause) => new GatewayDefect({ reason: "token", message: "Could not read the sign-in token", cause })
    })
  const headers = token(false).pipe(
    Effect.map((idToken): Record<string, string> => (idToken ? { authorization: `Bearer ${idToken}` } : {}))
  )

  // A 401 may only mean the cached ID token went stale before it expired (an email change
  // moves the time tokens are valid from): ask Firebase for a fresh one and try once more.
  // A caller who really is signed out, or whose account is gone, gets the 401 again, and
  // `onSessionRefused` hears of it.
  const refusedAgain = (error: unknown) =>
    Effect.sync(() => {
      if (error instanceof Unauthorized) options.onSessionRefused?.(error)
    })
  const retryWithFreshToken =
    <Args extends ReadonlyArray<unknown>, A, E>(call: (...args: Args) => Effect.Effect<A, E>) =>
    (...args: Args): Effect.Effect<A, E | GatewayDefect> =>
      call(...args).pipe(
        Effect.catchIf(
          (error): error is E & Unauthorized => error instanceof Unauthorized,
          () =>
            token(true).pipe(
              Effect.andThen(() => call(...args)),
              Effect.tapError(refusedAgain)
            )
        )
      )
  return { fetch, headers, retryWithFreshToken }
}

type AnyCall = (...args: ReadonlyArray<unknown>) => unknown

/** `calls` with each call wrapped; the caller states the type the wrapping makes. */
const mapCalls = (calls: object, wrap: (call: AnyCall) => AnyCall): unknown =>
  Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, wrap(call as AnyCall)]))

/**
 * A gateway over `api` from one table that states each call once: its name, what it
 * takes, and the contract call it makes (whose schemas type its answer and errors). Every
 * call gets the bearer token and the retry of `signedInCalls`. Answers the Effect flavour;
 * `promiseCalls` makes the Promise one.
 */
export function contractCalls<Id extends string, Groups extends HttpApiGroup.Constraint, Calls extends EffectCalls>(
  api: HttpApi.HttpApi<Id, Groups>,
  table: (client: ContractClient<Groups>) => Calls
): (options: GatewayOptions) => Calls {
  return (options) => {
    const { fetch, headers, retryWithFreshToken } = signedInCalls(options)
    const client = makeContractClient(api, { baseUrl: options.baseUrl, headers, fetch })
    const wrap = (call: AnyCall) => retryWithFreshToken(call as (...args: ReadonlyArray<unknown>) => never)
    return mapCalls(table(client), wrap) as Calls
  }
}

/** Runs a call for a Promise that rejects with the declared error or a GatewayDefect. */
export const runToPromise = <A, E extends Error>(effect: Effect.Effect<A, E>): Promise<A> =>
  Effect.runPromiseExit(effect).then((exit) => {
    if (Exit.isSuccess(exit)) return exit.value
    const failure = Cause.findErrorOption(exit.cause)
    throw failure._tag === "Some"
      ? failure.value
      : new GatewayDefect({
          reason: "network",
          message: "The call was interrupted or crashed",
          cause: Cause.squash(exit.cause)
        })
  })

/** The Promise flavour of a table of Effect calls (for XState fromPromise actors). */
export const promiseCalls = <Calls extends EffectCalls>(effects: Calls): PromiseCalls<Calls> =>
  mapCalls(
    effects,
    (call) =>
      (...args) =>
        runToPromise(call(...args) as Effect.Effect<unknown, Error>)
  ) as PromiseCalls<Calls>

/** Builds the Effect flavour of every call of our API (`Api`, #domain/api.ts). */
export const makeGatewayEffects = contractCalls(Api, (client) => ({
  checkUser: (query: { readonly email: string; readonly firebaseId: string }) =>
    client.users.check({ query: query as never }),
  signup: (payload: SignupPayload) =>
    client.users.signup({ params: { firebaseId: payload.firebaseId }, query: payload }),
  addClient: (payload: AddClientPayload) => client.clients.addClient({ payload }),
  getAllClients: (coachId: UserId) => client.clients.getAllClients({ params: { coachId } }),
  /** The coach sends an open invitation's email again (`pending:<email>`), at most once every 10 minutes. */
  resendInvitation: (clientKey: ClientKey) => client.clients.resendInvitation({ payload: { clientKey } }),
  /** The coach archives a linked client (still linked, listed apart), or puts them back. */
  archiveClient: (clientId: UserId) => client.clients.archiveClient({ payload: { clientId } }),
  restoreClient: (clientId: UserId) => client.clients.restoreClient({ payload: { clientId } }),
  workoutResults: (clientId: UserId, range: DateRange) =>
    client.workouts.workoutResults({ params: { clientId }, query: rangeQuery(range) }),
  workouts: (clientId: UserId, range: DateRange) =>
    client.workouts.workouts({ params: { clientId }, query: rangeQuery(range) }),
  workoutByDate: (clientId: UserId, date: AnyDate) =>
    client.workouts.workoutByDate({ query: { clientId, date: toIso(date) } }),
  saveWorkout: (payload: Dated<SaveWorkoutPayload>) =>
    client.workouts.saveWorkout({ payload: { ...payload, date: toIso(payload.date) } }),
  updateWorkoutResult: (update: SetResultUpdate) => client.workouts.updateWorkoutResult({ payload: update }),
  addLoggedSet: (payload: AddLoggedSetPayload) => client.workouts.addLoggedSet({ payload }),
  removeLoggedSet: (setId: SetId) => client.workouts.removeLoggedSet({ params: { setId } }),
  completeWorkout: (completion: WorkoutCompletion) => client.workouts.completeWorkout({ payload: completion }),
  workoutCompletions: (clientId: UserId, range: DateRange) =>
    client.workouts.workoutCompletions({ params: { clientId }, query: rangeQuery(range) }),
  editWorkout: (payload: Dated<EditWorkoutPayload>) =>
    client.workoutEdits.editWorkout({ payload: { ...payload, date: toIso(payload.date) } }),
  removeWorkout: (address: Dated<WorkoutAddress>) =>
    client.workoutEdits.removeWorkout({ params: { ...address, date: toIso(address.date) } }),
  restoreWorkout: (address: Dated<WorkoutAddress>) =>
    client.workoutEdits.restoreWorkout({ payload: { ...address, date: toIso(address.date) } }),
  /** The workout goes to `toDate` as that day's next workout; answers its new address. */
  moveWorkout: (move: MoveWorkoutPayload) => client.workoutEdits.moveWorkout({ payload: move }),
  copyWorkouts: (payload: CopyPayload) => client.programming.copyWorkouts({ payload }),
  templates: () => client.programming.templates({}),
  /** A page of the coach's templates: the first without `after`, else the one after the page that answered it as `next`. */
  templatePage: (page: { readonly after?: TemplateCursor; readonly limit?: number } = {}) =>
    client.programming.templatePage({ query: page }),
  saveTemplate: (template: NewTemplate) => client.programming.saveTemplate({ payload: template }),
  removeTemplate: (templateId: TemplateId) => client.programming.removeTemplate({ params: { templateId } }),
  /** `utcOffset`: the coach's calendar, minutes east of UTC (docs/decisions/042). */
  coachOverview: (today: AnyDate, utcOffset: number) =>
    client.overview.coachOverview({ query: { today: toIso(today), utcOffset } }),
  maxes: (clientId: UserId) => client.maxes.maxes({ params: { clientId } }),
  addMax: (entry: NewTestedMax) => client.maxes.addMax({ payload: entry }),
  exercises: () => client.exercises.exercises({}),
  addExercise: (exercise: NewCustomExercise) => client.exercises.addExercise({ payload: exercise }),
  setExerciseDemo: (demo: ExerciseDemo) => client.exercises.setExerciseDemo({ payload: demo }),
  preferences: (userId: UserId) => client.preferences.preferences({ params: { userId } }),
  savePreferences: (userId: UserId, preferences: Preferences) =>
    client.preferences.savePreferences({ params: { userId }, payload: preferences })
}))

export type GatewayEffects = ReturnType<typeof makeGatewayEffects>

/** Every call of our API as a Promise: what screens and machines take (docs/decisions/044). */
export type Gateway = PromiseCalls<GatewayEffects>

/** The gateway for screens and machines: every call as a Promise plus `.effects`. */
export function makeGateway(options: GatewayOptions): Gateway & { readonly effects: GatewayEffects } {
  const effects = makeGatewayEffects(options)
  return { ...promiseCalls(effects), effects }
}
