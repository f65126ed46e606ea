/**
 * The browser side of the contract: a typed client derived from src/domain/api.ts
 * (./contract-client.ts: fetch, encoded and decoded with the contract's own schemas)
 * that attaches the current Firebase ID token to every call. Declared errors arrive as
 * their tagged classes (BadRequest, Unauthorized, Forbidden, NotFound, Conflict);
 * everything else is a GatewayDefect. Each call exists as an Effect (typed errors) and
 * as a plain Promise (for XState fromPromise actors), which rejects with those same values.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Cause from "effect/Cause"
import { Api } from "#domain/api.ts"
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from "#domain/api-errors.ts"
import { isRouteDate, routeDateToIso, type IsoDate, type RouteDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { SignupPayload, UserCheckResponse, UserRecord } from "#domain/user.ts"
import type { WorkoutCompletion, WorkoutCompletions } from "#domain/completion.ts"
import type { SetId } from "#domain/ids.ts"
import type { ExerciseLibrary, LibraryExercise, NewCustomExercise } from "#domain/exercises.ts"
import type { NewTestedMax, TestedMax, TestedMaxes } from "#domain/maxes.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { CoachOverview } from "#domain/coach-overview.ts"
import type { CopyPayload, CopyReport } from "#domain/copy-plan.ts"
import type { NewTemplate, RemovedTemplate, Template, TemplateId, Templates } from "#domain/templates.ts"
import type { EditWorkoutPayload, WorkoutAddress, WorkoutRemoval } from "#domain/workout-edits.ts"
import type {
  AddClientPayload,
  AddLoggedSetPayload,
  ClientLookup,
  LoggedRow,
  LoggedRows,
  RemovedSet,
  SaveWorkoutPayload,
  SetResultUpdate,
  WorkoutByDateResponse,
  WorkoutRow,
  WorkoutRows
} from "#domain/workout.ts"
import { makeContractClient } from "./contract-client.ts"
import { GatewayDefect } from "./gateway-defect.ts"

export { GatewayDefect }

export type DeclaredError = BadRequest | Unauthorized | Forbidden | NotFound | Conflict
export type GatewayError = DeclaredError | GatewayDefect

export const isDeclaredError = (error: unknown): error is DeclaredError =>
  error instanceof BadRequest ||
  error instanceof Unauthorized ||
  error instanceof Forbidden ||
  error instanceof NotFound ||
  error instanceof Conflict

export const isGatewayDefect = (error: unknown): error is GatewayDefect => error instanceof GatewayDefect

export interface GatewayOptions {
  /** Origin of the API, e.g. "" for same origin or "http://127.0.0.1:3000". Paths already carry /beta. */
  readonly baseUrl: string
  /** The current user's Firebase ID token, or null when signed out. */
  /** `forceRefresh` asks Firebase for a new token instead of its cached one. */
  readonly getIdToken: (forceRefresh?: boolean) => Promise<string | null>
  /** Replaces globalThis.fetch (tests). */
  readonly fetch?: typeof globalThis.fetch
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

export interface GatewayEffects {
  readonly checkUser: (query: {
    readonly email: string
    readonly firebaseId: string
  }) => Effect.Effect<UserCheckResponse, GatewayError>
  readonly signup: (payload: SignupPayload) => Effect.Effect<UserRecord, GatewayError>
  readonly addClient: (payload: AddClientPayload) => Effect.Effect<ClientLookup, GatewayError>
  readonly getAllClients: (coachId: UserId) => Effect.Effect<ClientLookup, GatewayError>
  readonly workoutResults: (clientId: UserId, range: DateRange) => Effect.Effect<LoggedRows, GatewayError>
  readonly workouts: (clientId: UserId, range: DateRange) => Effect.Effect<WorkoutRows, GatewayError>
  readonly workoutByDate: (clientId: UserId, date: AnyDate) => Effect.Effect<WorkoutByDateResponse, GatewayError>
  readonly saveWorkout: (
    payload: Omit<SaveWorkoutPayload, "date"> & { readonly date: AnyDate }
  ) => Effect.Effect<WorkoutRows, GatewayError>
  readonly updateWorkoutResult: (update: SetResultUpdate) => Effect.Effect<LoggedRow, GatewayError>
  readonly addLoggedSet: (payload: AddLoggedSetPayload) => Effect.Effect<WorkoutRow, GatewayError>
  readonly removeLoggedSet: (setId: SetId) => Effect.Effect<RemovedSet, GatewayError>
  readonly completeWorkout: (completion: WorkoutCompletion) => Effect.Effect<WorkoutCompletion, GatewayError>
  readonly workoutCompletions: (clientId: UserId, range: DateRange) => Effect.Effect<WorkoutCompletions, GatewayError>
  readonly editWorkout: (
    payload: Omit<EditWorkoutPayload, "date"> & { readonly date: AnyDate }
  ) => Effect.Effect<WorkoutRows, GatewayError>
  readonly removeWorkout: (
    address: Omit<WorkoutAddress, "date"> & { readonly date: AnyDate }
  ) => Effect.Effect<WorkoutRemoval, GatewayError>
  readonly restoreWorkout: (
    address: Omit<WorkoutAddress, "date"> & { readonly date: AnyDate }
  ) => Effect.Effect<WorkoutRemoval, GatewayError>
  readonly copyWorkouts: (payload: CopyPayload) => Effect.Effect<CopyReport, GatewayError>
  readonly templates: () => Effect.Effect<Templates, GatewayError>
  readonly saveTemplate: (template: NewTemplate) => Effect.Effect<Template, GatewayError>
  readonly removeTemplate: (templateId: TemplateId) => Effect.Effect<RemovedTemplate, GatewayError>
  /** `utcOffset`: the coach's calendar, minutes east of UTC (docs/decisions/042). */
  readonly coachOverview: (today: AnyDate, utcOffset: number) => Effect.Effect<CoachOverview, GatewayError>
  readonly maxes: (clientId: UserId) => Effect.Effect<TestedMaxes, GatewayError>
  readonly addMax: (entry: NewTestedMax) => Effect.Effect<TestedMax, GatewayError>
  readonly exercises: () => Effect.Effect<ExerciseLibrary, GatewayError>
  readonly addExercise: (exercise: NewCustomExercise) => Effect.Effect<LibraryExercise, GatewayError>
  readonly preferences: (userId: UserId) => Effect.Effect<Preferences, GatewayError>
  readonly savePreferences: (userId: UserId, preferences: Preferences) => Effect.Effect<Preferences, GatewayError>
}

type PromiseOf<F> = F extends (...args: infer A) => Effect.Effect<infer R, GatewayError>
  ? (...args: A) => Promise<R>
  : never

/** Promise flavour: rejects with a DeclaredError or a GatewayDefect. */
export type Gateway = { readonly [K in keyof GatewayEffects]: PromiseOf<GatewayEffects[K]> } & {
  readonly effects: GatewayEffects
}

/**
 * What every contract client of ours shares: the fetch to use, the bearer token of the
 * signed-in person on each call, and one retry with a fresh token after a 401 (the chat
 * client, ./chat-gateway.ts, is built on the same).
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
  // A caller who really is signed out, or whose account is gone, gets the 401 again.
  const retryWithFreshToken =
    <Args extends ReadonlyArray<unknown>, A, E>(call: (...args: Args) => Effect.Effect<A, E>) =>
    (...args: Args): Effect.Effect<A, E | GatewayDefect> =>
      call(...args).pipe(
        Effect.catchIf(
          (error): error is E & Unauthorized => error instanceof Unauthorized,
          () => token(true).pipe(Effect.andThen(() => call(...args)))
        )
      )
  return { fetch, headers, retryWithFreshToken }
}

/** Builds the Effect flavour of every call. */
export function makeGatewayEffects(options: GatewayOptions): GatewayEffects {
  const { fetch, headers, retryWithFreshToken } = signedInCalls(options)
  const client = makeContractClient(Api, { baseUrl: options.baseUrl, headers, fetch })

  const calls: GatewayEffects = {
    checkUser: (query) => client.users.check({ query: query as never }),
    signup: (payload) => client.users.signup({ params: { firebaseId: payload.firebaseId }, query: payload }),
    addClient: (payload) => client.clients.addClient({ payload }),
    getAllClients: (coachId) => client.clients.getAllClients({ params: { coachId } }),
    workoutResults: (clientId, range) =>
      client.workouts.workoutResults({ params: { clientId }, query: rangeQuery(range) }),
    workouts: (clientId, range) => client.workouts.workouts({ params: { clientId }, query: rangeQuery(range) }),
    workoutByDate: (clientId, date) => client.workouts.workoutByDate({ query: { clientId, date: toIso(date) } }),
    saveWorkout: (payload) => client.workouts.saveWorkout({ payload: { ...payload, date: toIso(payload.date) } }),
    updateWorkoutResult: (update) => client.workouts.updateWorkoutResult({ payload: update }),
    addLoggedSet: (payload) => client.workouts.addLoggedSet({ payload }),
    removeLoggedSet: (setId) => client.workouts.removeLoggedSet({ params: { setId } }),
    completeWorkout: (completion) => client.workouts.completeWorkout({ payload: completion }),
    workoutCompletions: (clientId, range) =>
      client.workouts.workoutCompletions({ params: { clientId }, query: rangeQuery(range) }),
    editWorkout: (payload) => client.workoutEdits.editWorkout({ payload: { ...payload, date: toIso(payload.date) } }),
    removeWorkout: (address) =>
      client.workoutEdits.removeWorkout({ params: { ...address, date: toIso(address.date) } }),
    restoreWorkout: (address) =>
      client.workoutEdits.restoreWorkout({ payload: { ...address, date: toIso(address.date) } }),
    copyWorkouts: (payload) => client.programming.copyWorkouts({ payload }),
    templates: () => client.programming.templates({}),
    saveTemplate: (template) => client.programming.saveTemplate({ payload: template }),
    removeTemplate: (templateId) => client.programming.removeTemplate({ params: { templateId } }),
    coachOverview: (today, utcOffset) => client.overview.coachOverview({ query: { today: toIso(today), utcOffset } }),
    maxes: (clientId) => client.maxes.maxes({ params: { clientId } }),
    addMax: (entry) => client.maxes.addMax({ payload: entry }),
    exercises: () => client.exercises.exercises({}),
    addExercise: (exercise) => client.exercises.addExercise({ payload: exercise }),
    preferences: (userId) => client.preferences.preferences({ params: { userId } }),
    savePreferences: (userId, preferences) =>
      client.preferences.savePreferences({ params: { userId }, payload: preferences })
  }
  return Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [name, retryWithFreshToken(call as (...args: never) => never)])
  ) as unknown as GatewayEffects
}

/** Runs a call for a Promise that rejects with the declared error or a GatewayDefect. */
export const runToPromise = <A>(effect: Effect.Effect<A, GatewayError>): Promise<A> =>
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

/** The gateway for screens and machines: every call as a Promise plus `.effects`. */
export function makeGateway(options: GatewayOptions): Gateway {
  const effects = makeGatewayEffects(options)
  return {
    effects,
    checkUser: (query) => runToPromise(effects.checkUser(query)),
    signup: (payload) => runToPromise(effects.signup(payload)),
    addClient: (payload) => runToPromise(effects.addClient(payload)),
    getAllClients: (coachId) => runToPromise(effects.getAllClients(coachId)),
    workoutResults: (clientId, range) => runToPromise(effects.workoutResults(clientId, range)),
    workouts: (clientId, range) => runToPromise(effects.workouts(clientId, range)),
    workoutByDate: (clientId, date) => runToPromise(effects.workoutByDate(clientId, date)),
    saveWorkout: (payload) => runToPromise(effects.saveWorkout(payload)),
    updateWorkoutResult: (update) => runToPromise(effects.updateWorkoutResult(update)),
    addLoggedSet: (payload) => runToPromise(effects.addLoggedSet(payload)),
    removeLoggedSet: (setId) => runToPromise(effects.removeLoggedSet(setId)),
    completeWorkout: (completion) => runToPromise(effects.completeWorkout(completion)),
    workoutCompletions: (clientId, range) => runToPromise(effects.workoutCompletions(clientId, range)),
    editWorkout: (payload) => runToPromise(effects.editWorkout(payload)),
    removeWorkout: (address) => runToPromise(effects.removeWorkout(address)),
    restoreWorkout: (address) => runToPromise(effects.restoreWorkout(address)),
    copyWorkouts: (payload) => runToPromise(effects.copyWorkouts(payload)),
    templates: () => runToPromise(effects.templates()),
    saveTemplate: (template) => runToPromise(effects.saveTemplate(template)),
    removeTemplate: (templateId) => runToPromise(effects.removeTemplate(templateId)),
    coachOverview: (today, utcOffset) => runToPromise(effects.coachOverview(today, utcOffset)),
    maxes: (clientId) => runToPromise(effects.maxes(clientId)),
    addMax: (entry) => runToPromise(effects.addMax(entry)),
    exercises: () => runToPromise(effects.exercises()),
    addExercise: (exercise) => runToPromise(effects.addExercise(exercise)),
    preferences: (userId) => runToPromise(effects.preferences(userId)),
    savePreferences: (userId, preferences) => runToPromise(effects.savePreferences(userId, preferences))
  }
}
