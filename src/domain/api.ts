/**
 * THE contract between the browser and the server: every call of SPEC.md section 7,
 * under the /beta stage. The server implements it (server/app.ts) and the browser
 * derives its client from it (src/gateway), so both encode and decode with the same
 * Schemas. Wire format: DESIGN.md section 5a.
 */
import * as Context from "effect/Context"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from "./api-errors.ts"
import { IsoDate } from "./calendar.ts"
import { CoachOverview } from "./coach-overview.ts"
import { CopyPayload, CopyReport } from "./copy-plan.ts"
import { WorkoutCompletion, WorkoutCompletions } from "./completion.ts"
import { ExerciseLibrary, LibraryExercise, NewCustomExercise } from "./exercises.ts"
import { FirebaseUid, SetId, UserId } from "./ids.ts"
import { NewTestedMax, TestedMax, TestedMaxes } from "./maxes.ts"
import { Preferences } from "./preferences.ts"
import { NewTemplate, RemovedTemplate, Template, TemplateId, Templates } from "./templates.ts"
import { Email, PersonName, UserCheckResponse, UserRecord, UserType } from "./user.ts"
import {
  AddClientPayload,
  AddLoggedSetPayload,
  ClientLookup,
  DEFAULT_READ_WINDOW,
  LoggedRow,
  LoggedRows,
  MAX_READ_DAYS,
  OptionalReadRange,
  ReadRange,
  RemovedSet,
  SaveWorkoutPayload,
  WorkoutRow,
  SetResultUpdate,
  WorkoutByDateResponse,
  WorkoutRows
} from "./workout.ts"
import { EditWorkoutPayload, WorkoutAddress, WorkoutOrder, WorkoutRemoval } from "./workout-edits.ts"

export const API_STAGE = "/beta"

/** The identity the bearer token proved: provided to every handler by Authentication. */
export class VerifiedIdentity extends Context.Service<
  VerifiedIdentity,
  {
    readonly firebaseId: FirebaseUid
    readonly email: string | undefined
    /** the token's email_verified claim */
    readonly emailVerified: boolean
    /** epoch ms of the sign-in the token's session began with (`auth_time`) */
    readonly authTime: number | undefined
    /** how that sign-in was made (`firebase.sign_in_provider`) */
    readonly signInProvider: string | undefined
  }
>()("strength-coach/VerifiedIdentity") {}

/** Every call needs `Authorization: Bearer <Firebase ID token>`. */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: VerifiedIdentity }>()(
  "strength-coach/Authentication",
  { error: Unauthorized, security: { bearer: HttpApiSecurity.bearer } }
) {}

/** Turns any request that does not decode into a 400 naming the field. */
export class InputValidation extends HttpApiMiddleware.Service<InputValidation>()("strength-coach/InputValidation", {
  error: BadRequest
}) {}

export const UsersGroup = HttpApiGroup.make("users").add(
  HttpApiEndpoint.get("check", "/api/user/check", {
    query: { email: Email, firebaseId: FirebaseUid },
    success: UserCheckResponse,
    error: Forbidden
  }).annotate(
    OpenApi.Description,
    "A list holding the caller's user record, or an empty list while signup is needed. The record follows the token: a verified email is stored, a pending invitation becomes a link once the email is verified, and an account whose Firebase user was re-created with the same verified email is taken over (docs/decisions/012)."
  ),
  HttpApiEndpoint.post("signup", "/api/signup/:firebaseId", {
    params: { firebaseId: FirebaseUid },
    query: { name: PersonName, email: Email, firebaseId: FirebaseUid, userType: UserType },
    success: UserRecord,
    error: [Forbidden, Conflict]
  }).annotate(
    OpenApi.Description,
    "Creates the account of the token's own uid with the token's own email (a token without one is a 403). A pending invitation becomes a coach link only for a verified email. A second signup is a 409."
  )
)

export const ClientsGroup = HttpApiGroup.make("clients").add(
  HttpApiEndpoint.post("addClient", "/api/addClient", {
    payload: AddClientPayload,
    success: ClientLookup,
    error: [Forbidden, Conflict]
  }).annotate(
    OpenApi.Description,
    "Invites a client by email: records an invitation (keyed `pending:<email>`) that the person accepts or declines; it never links (docs/decisions/033). The coach's own email must be verified (403 otherwise). A coach's address, a client already on the list, and an address that declined an invitation not yet removed are 409s. Answers the updated client lookup table."
  ),
  HttpApiEndpoint.get("getAllClients", "/api/getAllClients/:coachId", {
    params: { coachId: UserId },
    success: ClientLookup,
    error: Forbidden
  }).annotate(OpenApi.Description, "The coach's client lookup table; pending invitations are keyed `pending:<email>`.")
)

/** How /workouts and /workoutResults answer SPEC's call without a query (docs/decisions/034). */
const DEFAULT_WINDOW_TEXT = `Without from and to (SPEC's call) the answer is the same row list for the server's default window: today in UTC, the ${DEFAULT_READ_WINDOW.daysBefore} days before it and the ${DEFAULT_READ_WINDOW.daysAfter} after it; headers X-Window-From and X-Window-To name the days served, and Link gives the ${MAX_READ_DAYS}-day windows before (rel="prev") and after (rel="next") with explicit from and to. Only one of from and to is a 400 naming the missing one.`

export const WorkoutsGroup = HttpApiGroup.make("workouts").add(
  HttpApiEndpoint.get("workoutResults", "/api/workoutResults/:clientId", {
    params: { clientId: UserId },
    query: OptionalReadRange,
    success: LoggedRows,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    `What the client logged, one row per set with something logged, for the days from..to (inclusive, at most 366). ${DEFAULT_WINDOW_TEXT}`
  ),
  HttpApiEndpoint.get("workouts", "/api/workouts/:clientId", {
    params: { clientId: UserId },
    query: OptionalReadRange,
    success: WorkoutRows,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    `What the coach prescribed, one row per set, for the days from..to (inclusive, at most 366). ${DEFAULT_WINDOW_TEXT}`
  ),
  HttpApiEndpoint.get("workoutByDate", "/api/workoutByDate", {
    query: { clientId: UserId, date: IsoDate },
    success: WorkoutByDateResponse,
    error: [Forbidden, NotFound]
  }).annotate(OpenApi.Description, "The prescribed workouts of one day, grouped into exercises with their sets."),
  HttpApiEndpoint.post("saveWorkout", "/api/workout", {
    payload: SaveWorkoutPayload,
    success: WorkoutRows,
    error: [Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "Stores a built workout as the next workout of that date. Answers its rows. With an idempotencyKey, the same key again answers the first save's rows without storing anything; the same key with another workout is a 409."
  ),
  HttpApiEndpoint.put("updateWorkoutResult", "/api/updateWorkoutResult", {
    payload: SetResultUpdate,
    success: LoggedRow,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "Logs performed values for one of the caller's sets; the prescription is never changed. Idempotent. Answers the logged row."
  ),
  HttpApiEndpoint.post("addLoggedSet", "/api/loggedSet", {
    payload: AddLoggedSetPayload,
    success: WorkoutRow,
    error: [Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "The caller (a client) adds a set to one of their exercises while logging: it follows the exercise's last set, copies that set's prescription and is marked added. The same idempotencyKey again answers the same set; an exercise at its cap of sets is a 409."
  ),
  HttpApiEndpoint.delete("removeLoggedSet", "/api/loggedSet/:setId", {
    params: { setId: SetId },
    success: RemovedSet,
    error: [Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "Removes a set the caller added while logging, with what was logged for it. A set the coach prescribed is a 409: it can be skipped, not removed."
  ),
  HttpApiEndpoint.put("completeWorkout", "/api/workoutCompletion", {
    payload: WorkoutCompletion,
    success: WorkoutCompletion,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The caller (a client) submits one of their workouts: start, end and duration. Idempotent: the first submission is the record; submitting again (a retry, a correction later) stores nothing and answers the record kept."
  ),
  HttpApiEndpoint.get("workoutCompletions", "/api/workoutCompletions/:clientId", {
    params: { clientId: UserId },
    query: ReadRange,
    success: WorkoutCompletions,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The client's submitted workouts for the days from..to (at most 366), readable by the client and their coach."
  )
)

export const MaxesGroup = HttpApiGroup.make("maxes").add(
  HttpApiEndpoint.get("maxes", "/api/maxes/:clientId", {
    params: { clientId: UserId },
    success: TestedMaxes,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "Every tested max recorded for the client, newest first (set_on, then recorded_at): the client reads their own, a coach their clients'."
  ),
  HttpApiEndpoint.post("addMax", "/api/maxes", {
    payload: NewTestedMax,
    success: TestedMax,
    error: [BadRequest, Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The coach records a tested max for one of their clients, in the unit entered. Earlier entries are kept, never overwritten. Answers the stored entry."
  )
)

export const ExercisesGroup = HttpApiGroup.make("exercises").add(
  HttpApiEndpoint.get("exercises", "/api/exercises", {
    success: ExerciseLibrary,
    error: Forbidden
  }).annotate(
    OpenApi.Description,
    "The exercise library the caller may use: every canonical exercise, then the coach's own (a client reads their coach's)."
  ),
  HttpApiEndpoint.post("addExercise", "/api/exercises", {
    payload: NewCustomExercise,
    success: LibraryExercise,
    error: [BadRequest, Forbidden]
  }).annotate(
    OpenApi.Description,
    "A coach adds an exercise of their own. Idempotent by name: a name the coach already has, or a canonical name or alias, answers that exercise instead of storing a copy."
  )
)

export const PreferencesGroup = HttpApiGroup.make("preferences").add(
  HttpApiEndpoint.get("preferences", "/api/preferences/:userId", {
    params: { userId: UserId },
    success: Preferences,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "A user's unit, bar and smallest plate (null: the unit's usual one): the user reads their own, a coach their clients'."
  ),
  HttpApiEndpoint.put("savePreferences", "/api/preferences/:userId", {
    params: { userId: UserId },
    payload: Preferences,
    success: Preferences,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "Replaces a user's preferences. A user sets their own; a coach may set a client's bar and smallest plate but not their unit (403). Idempotent. Answers what is stored."
  )
)

export const WorkoutEditsGroup = HttpApiGroup.make("workoutEdits").add(
  HttpApiEndpoint.put("editWorkout", "/api/workout", {
    payload: EditWorkoutPayload,
    success: WorkoutRows,
    error: [BadRequest, Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "The coach replaces a saved workout's content. A set sent with its id keeps what was logged for it; removing logged sets is a 409 unless discardLogged. Idempotent by key. Answers its rows."
  ),
  HttpApiEndpoint.delete("removeWorkout", "/api/workout/:clientId/:date/:workoutOrder", {
    params: { clientId: UserId, date: IsoDate, workoutOrder: WorkoutOrder },
    success: WorkoutRemoval,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The coach removes a saved workout, with what was logged, until restored. Idempotent."
  ),
  HttpApiEndpoint.post("restoreWorkout", "/api/workout/restore", {
    payload: WorkoutAddress,
    success: WorkoutRemoval,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "Undoes a removal: the workout is back as it was, logged results included. Idempotent."
  )
)

export const ProgrammingGroup = HttpApiGroup.make("programming").add(
  HttpApiEndpoint.post("copyWorkouts", "/api/workouts/copy", {
    payload: CopyPayload,
    success: CopyReport,
    error: [BadRequest, Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "Copies a workout, day, week or template to the coach's clients, plus weekly repeats with their change: all or nothing. dryRun stores nothing. Idempotent by key."
  ),
  HttpApiEndpoint.get("templates", "/api/templates", {
    success: Templates,
    error: Forbidden
  }).annotate(OpenApi.Description, "The caller coach's templates, by name."),
  HttpApiEndpoint.post("saveTemplate", "/api/templates", {
    payload: NewTemplate,
    success: Template,
    error: [BadRequest, Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "Saves a copy of a workout or a week under a name; the same name with other content is a 409."
  ),
  HttpApiEndpoint.delete("removeTemplate", "/api/templates/:templateId", {
    params: { templateId: TemplateId },
    success: RemovedTemplate,
    error: [Forbidden, NotFound]
  }).annotate(OpenApi.Description, "Removes one of the caller's templates.")
)

export const OverviewGroup = HttpApiGroup.make("overview").add(
  HttpApiEndpoint.get("coachOverview", "/api/coachOverview", {
    query: { today: IsoDate },
    success: CoachOverview,
    error: Forbidden
  }).annotate(
    OpenApi.Description,
    "Per linked client: last session, this week's done and scheduled, missed, new records, the coming days; on the coach's `today`."
  )
)

export const Api = HttpApi.make("strength-coach")
  .add(
    UsersGroup,
    ClientsGroup,
    WorkoutsGroup,
    WorkoutEditsGroup,
    ProgrammingGroup,
    OverviewGroup,
    MaxesGroup,
    ExercisesGroup,
    PreferencesGroup
  )
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)
  .annotate(OpenApi.Title, "Strength coach API")
  .annotate(OpenApi.Version, "1.0.0")

export type Api = typeof Api
