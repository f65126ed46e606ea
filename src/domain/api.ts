/**
 * THE contract between the browser and the server (docs/product.md, The API), SPEC's
 * calls included, under the /beta stage. The server implements it (server/app.ts) and the browser
 * derives its client from it (src/gateway), so both encode and decode with the same
 * Schemas. Wire decisions: docs/decisions/004. Endpoints carry no OpenAPI descriptions:
 * they ship to the browser, so the server adds them (server/api-descriptions.ts).
 */
import * as Context from "effect/Context"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { BadRequest, Conflict, Forbidden, Unauthorized } from "./api-errors.ts"
import { IsoDate } from "./calendar.ts"
import { ClientArchivePayload } from "./client-archive.ts"
import { InvitationNotFound, ResendTooSoon } from "./coaching-errors.ts"
import { CoachOverview } from "./coach-overview.ts"
import { CopyPayload, CopyReport } from "./copy-plan.ts"
import { WorkoutCompletion, WorkoutCompletions } from "./completion.ts"
import { ExerciseDemo, ExerciseLibrary, LibraryExercise, NewCustomExercise } from "./exercises.ts"
import { ExerciseNotFound } from "./exercise-errors.ts"
import { FirebaseUid, SetId, UserId } from "./ids.ts"
import { ResendInvitationPayload } from "./invitation-resend.ts"
import { NewTestedMax, TestedMax, TestedMaxes } from "./maxes.ts"
import { Preferences } from "./preferences.ts"
import { UtcOffset } from "./utc-offset.ts"
import { TemplateNameTaken, TemplateNotFound } from "./template-errors.ts"
import {
  NewTemplate,
  RemovedTemplate,
  Template,
  TemplateCursor,
  TemplateId,
  TemplatePage,
  TemplatePageLimit,
  Templates
} from "./templates.ts"
import { Email, PersonName, UserCheckResponse, UserRecord, UserType } from "./user.ts"
import { AlreadySignedUp, EmailNotVerified, EmailTaken } from "./user-errors.ts"
import {
  AddClientPayload,
  AddLoggedSetPayload,
  ClientLookup,
  LoggedRow,
  LoggedRows,
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
import { MovedWorkout, MoveWorkoutPayload } from "./workout-move.ts"
import { ClientNotFound, KeyReused, LoggedResultsExist, SetNotFound, WorkoutNotFound } from "./workout-errors.ts"

import { API_STAGE } from "./api-stage.ts"

export { API_STAGE }

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
  }),
  HttpApiEndpoint.post("signup", "/api/signup/:firebaseId", {
    params: { firebaseId: FirebaseUid },
    query: { name: PersonName, email: Email, firebaseId: FirebaseUid, userType: UserType },
    success: UserRecord,
    error: [Forbidden, AlreadySignedUp, EmailTaken]
  })
)

export const ClientsGroup = HttpApiGroup.make("clients").add(
  HttpApiEndpoint.post("addClient", "/api/addClient", {
    payload: AddClientPayload,
    success: ClientLookup,
    error: [EmailNotVerified, Forbidden, Conflict]
  }),
  HttpApiEndpoint.get("getAllClients", "/api/getAllClients/:coachId", {
    params: { coachId: UserId },
    success: ClientLookup,
    error: Forbidden
  }),
  HttpApiEndpoint.post("resendInvitation", "/api/invitations/resend", {
    payload: ResendInvitationPayload,
    success: ClientLookup,
    error: [Forbidden, InvitationNotFound, ResendTooSoon]
  }),
  HttpApiEndpoint.post("archiveClient", "/api/clients/archive", {
    payload: ClientArchivePayload,
    success: ClientLookup,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.post("restoreClient", "/api/clients/restore", {
    payload: ClientArchivePayload,
    success: ClientLookup,
    error: [Forbidden, ClientNotFound]
  })
)

export const WorkoutsGroup = HttpApiGroup.make("workouts").add(
  HttpApiEndpoint.get("workoutResults", "/api/workoutResults/:clientId", {
    params: { clientId: UserId },
    query: OptionalReadRange,
    success: LoggedRows,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.get("workouts", "/api/workouts/:clientId", {
    params: { clientId: UserId },
    query: OptionalReadRange,
    success: WorkoutRows,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.get("workoutByDate", "/api/workoutByDate", {
    query: { clientId: UserId, date: IsoDate },
    success: WorkoutByDateResponse,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.post("saveWorkout", "/api/workout", {
    payload: SaveWorkoutPayload,
    success: WorkoutRows,
    error: [Forbidden, ClientNotFound, KeyReused]
  }),
  HttpApiEndpoint.put("updateWorkoutResult", "/api/updateWorkoutResult", {
    payload: SetResultUpdate,
    success: LoggedRow,
    error: [Forbidden, SetNotFound]
  }),
  HttpApiEndpoint.post("addLoggedSet", "/api/loggedSet", {
    payload: AddLoggedSetPayload,
    success: WorkoutRow,
    error: [Forbidden, SetNotFound, KeyReused, Conflict]
  }),
  HttpApiEndpoint.delete("removeLoggedSet", "/api/loggedSet/:setId", {
    params: { setId: SetId },
    success: RemovedSet,
    error: [Forbidden, SetNotFound, Conflict]
  }),
  HttpApiEndpoint.put("completeWorkout", "/api/workoutCompletion", {
    payload: WorkoutCompletion,
    success: WorkoutCompletion,
    error: [Forbidden, WorkoutNotFound]
  }),
  HttpApiEndpoint.get("workoutCompletions", "/api/workoutCompletions/:clientId", {
    params: { clientId: UserId },
    query: ReadRange,
    success: WorkoutCompletions,
    error: [Forbidden, ClientNotFound]
  })
)

export const MaxesGroup = HttpApiGroup.make("maxes").add(
  HttpApiEndpoint.get("maxes", "/api/maxes/:clientId", {
    params: { clientId: UserId },
    success: TestedMaxes,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.post("addMax", "/api/maxes", {
    payload: NewTestedMax,
    success: TestedMax,
    error: [BadRequest, Forbidden, ClientNotFound]
  })
)

export const ExercisesGroup = HttpApiGroup.make("exercises").add(
  HttpApiEndpoint.get("exercises", "/api/exercises", {
    success: ExerciseLibrary,
    error: Forbidden
  }),
  HttpApiEndpoint.post("addExercise", "/api/exercises", {
    payload: NewCustomExercise,
    success: LibraryExercise,
    error: [BadRequest, Forbidden]
  }),
  HttpApiEndpoint.put("setExerciseDemo", "/api/exercises/demo", {
    payload: ExerciseDemo,
    success: ExerciseDemo,
    error: [BadRequest, Forbidden, ExerciseNotFound]
  })
)

export const PreferencesGroup = HttpApiGroup.make("preferences").add(
  HttpApiEndpoint.get("preferences", "/api/preferences/:userId", {
    params: { userId: UserId },
    success: Preferences,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.put("savePreferences", "/api/preferences/:userId", {
    params: { userId: UserId },
    payload: Preferences,
    success: Preferences,
    error: [Forbidden, ClientNotFound]
  })
)

export const WorkoutEditsGroup = HttpApiGroup.make("workoutEdits").add(
  HttpApiEndpoint.put("editWorkout", "/api/workout", {
    payload: EditWorkoutPayload,
    success: WorkoutRows,
    error: [BadRequest, Forbidden, ClientNotFound, WorkoutNotFound, LoggedResultsExist, KeyReused]
  }),
  HttpApiEndpoint.delete("removeWorkout", "/api/workout/:clientId/:date/:workoutOrder", {
    params: { clientId: UserId, date: IsoDate, workoutOrder: WorkoutOrder },
    success: WorkoutRemoval,
    error: [Forbidden, ClientNotFound, WorkoutNotFound]
  }),
  HttpApiEndpoint.post("restoreWorkout", "/api/workout/restore", {
    payload: WorkoutAddress,
    success: WorkoutRemoval,
    error: [Forbidden, ClientNotFound, WorkoutNotFound]
  }),
  HttpApiEndpoint.post("moveWorkout", "/api/workout/move", {
    payload: MoveWorkoutPayload,
    success: MovedWorkout,
    error: [BadRequest, Forbidden, ClientNotFound, WorkoutNotFound]
  })
)

export const ProgrammingGroup = HttpApiGroup.make("programming").add(
  HttpApiEndpoint.post("copyWorkouts", "/api/workouts/copy", {
    payload: CopyPayload,
    success: CopyReport,
    error: [BadRequest, Forbidden, ClientNotFound, TemplateNotFound, KeyReused]
  }),
  HttpApiEndpoint.get("templates", "/api/templates", {
    success: Templates,
    error: Forbidden
  }),
  HttpApiEndpoint.get("templatePage", "/api/templates/page", {
    query: { after: Schema.optionalKey(TemplateCursor), limit: Schema.optionalKey(TemplatePageLimit) },
    success: TemplatePage,
    error: [BadRequest, Forbidden]
  }),
  HttpApiEndpoint.post("saveTemplate", "/api/templates", {
    payload: NewTemplate,
    success: Template,
    error: [BadRequest, Forbidden, ClientNotFound, TemplateNameTaken]
  }),
  HttpApiEndpoint.delete("removeTemplate", "/api/templates/:templateId", {
    params: { templateId: TemplateId },
    success: RemovedTemplate,
    error: [Forbidden, TemplateNotFound]
  })
)

export const OverviewGroup = HttpApiGroup.make("overview").add(
  HttpApiEndpoint.get("coachOverview", "/api/coachOverview", {
    // Without utcOffset, days are UTC's: an installed app from before it still gets an answer.
    query: { today: IsoDate, utcOffset: Schema.optionalKey(UtcOffset) },
    success: CoachOverview,
    error: Forbidden
  })
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
