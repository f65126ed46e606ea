import { sql } from "drizzle-orm"
import {
  bigint,
  boolean,
  jsonb,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar
} from "drizzle-orm/pg-core"
import type { IsoDate } from "#domain/calendar.ts"
import type { InvitationId } from "#domain/coaching.ts"
import type { CopyReport } from "#domain/copy-plan.ts"
import type { Equipment, ExerciseCategory } from "#domain/exercise-kinds.ts"
import type { ExerciseId } from "#domain/exercises.ts"
import { IMPORT_SOURCES, type ImportId, type ImportSource } from "#domain/history-import.ts"
import type { FirebaseUid, SetId, UserId } from "#domain/ids.ts"
import type { TestedMax } from "#domain/maxes.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { VideoCommentId, VideoId, VideoMediaType, VideoStatus } from "#domain/set-videos.ts"
import type { Percent, RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { TemplateId } from "#domain/templates.ts"
import type { Unit } from "#domain/units.ts"
import type { UserType } from "#domain/user.ts"

// Columns carry the contract's types (`$type`, which changes no SQL): what a repository
// reads is what the API answers, with no renaming or cast between them
// (docs/decisions/046-repositories-speak-the-contract.md).

export const users = pgTable(
  "users",
  {
    id: serial("id").$type<UserId>().primaryKey(),
    firebaseId: text("firebase_id").$type<FirebaseUid>().notNull(),
    name: text("name").notNull(),
    // Stored lower-cased so invitations and lookups match however the person typed it.
    email: text("email").notNull(),
    userType: text("user_type").$type<UserType>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Preferences (docs/decisions/018): the unit the user reads and enters weights in, and the bar and
    // smallest plate of their gym in that unit; null is the unit's usual one.
    unit: text("unit").$type<Unit>().notNull().default("lb"),
    bar: doublePrecision("bar"),
    smallestPlate: doublePrecision("smallest_plate").$type<NonNullable<Preferences["smallest_plate"]>>(),
    // Made under an email Firebase had not verified: it gives no role or name to a later
    // verified owner of the address (docs/decisions/035-provisional-accounts.md).
    provisional: boolean("provisional").notNull().default(false),
    // Tokens whose sign-in (auth_time) is older than this are refused for this record: the
    // sessions of someone who held the uid before the address's verified owner took it.
    sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true })
  },
  (t) => [
    uniqueIndex("users_firebase_id_key").on(t.firebaseId),
    uniqueIndex("users_email_key").on(t.email),
    check("users_user_type_check", sql`${t.userType} in ('Coach', 'Client')`),
    check("users_unit_check", sql`${t.unit} in ('lb', 'kg')`),
    check("users_bar_check", sql`${t.bar} >= 0`),
    check("users_smallest_plate_check", sql`${t.smallestPlate} > 0`)
  ]
)

// One row per coach/client pair. An invitation has no client_id yet: the client it is
// addressed to (by email) accepts or declines it (docs/decisions/033-coaching-by-consent.md).
// An ended link keeps its row, so the history of who coached whom stays; only rows with
// no ended_at give access.
export const coachClients = pgTable(
  "coach_clients",
  {
    id: serial("id").$type<InvitationId>().primaryKey(),
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "cascade" }),
    clientEmail: text("client_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    linkedAt: timestamp("linked_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedBy: text("ended_by").$type<"coach" | "client">(),
    // The coach put the client away (docs/decisions/048-the-coachs-desk.md): still linked, their
    // history kept and readable, but off the roster, the calendar picker and the overview.
    archivedAt: timestamp("archived_at", { withTimezone: true })
  },
  (t) => [
    uniqueIndex("coach_clients_coach_email_key")
      .on(t.coachId, t.clientEmail)
      .where(sql`${t.endedAt} is null`),
    // A client has one coach at a time.
    uniqueIndex("coach_clients_client_key")
      .on(t.clientId)
      .where(sql`${t.endedAt} is null`),
    index("coach_clients_email_idx").on(t.clientEmail),
    check("coach_clients_ended_by_check", sql`${t.endedBy} in ('coach', 'client')`)
  ]
)

// A lifter's logbook brought from another app, one row per file imported
// (docs/decisions/049-import-and-export.md). Every chunk of one import names it by the
// browser's import_key; undoing it deletes its workouts and keeps this row, marked, so
// the list still says what happened and the key is never taken for another file.
export const imports = pgTable(
  "imports",
  {
    id: serial("id").$type<ImportId>().primaryKey(),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    importKey: text("import_key").notNull(),
    source: text("source").$type<ImportSource>().notNull(),
    fileName: text("file_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true })
  },
  (t) => [
    uniqueIndex("imports_client_key_key").on(t.clientId, t.importKey),
    check("imports_source_check", sql`${t.source} in (${sql.raw(IMPORT_SOURCES.map((one) => `'${one}'`).join(", "))})`)
  ]
)

export const workouts = pgTable(
  "workouts",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coachId: integer("coach_id")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "set null" }),
    date: date("date", { mode: "string" }).$type<IsoDate>().notNull(),
    workoutOrder: integer("workout_order").notNull(),
    category: text("category").notNull().default("Strength"),
    // The coach's name for the workout ("Heavy lower"); null shows as 'Workout 1', 'Workout 2'.
    title: text("title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Set when the coach removes the workout (docs/decisions/024); cleared by its undo. A removed
    // workout is invisible to every read and write, and keeps its workout_order, so orders
    // are never reused and an address keeps naming one workout.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    // The import that brought it (docs/decisions/049): undoing the import deletes it.
    importId: integer("import_id")
      .$type<ImportId>()
      .references(() => imports.id, { onDelete: "set null" })
  },
  (t) => [
    uniqueIndex("workouts_client_date_order_key").on(t.clientId, t.date, t.workoutOrder),
    index("workouts_import_idx")
      .on(t.importId)
      .where(sql`${t.importId} is not null`)
  ]
)

// Each session a lifter imported, by the key its source gives it (docs/decisions/049): the
// same session in a later export, or the same file again, finds its key here and is not
// stored twice. Deleting the workout (an undo) frees the key.
export const importedSessions = pgTable(
  "imported_sessions",
  {
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionKey: text("session_key").notNull(),
    workoutId: integer("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    importId: integer("import_id")
      .$type<ImportId>()
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" })
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.sessionKey] }),
    uniqueIndex("imported_sessions_workout_key").on(t.workoutId)
  ]
)

// The serial numbers of coaches' own exercises: their ids are "custom-<n>".
export const customExerciseNumbers = pgSequence("exercise_library_custom_seq")

// The exercise library (docs/decisions/019): the canonical exercises, upserted
// from the catalogue at every start (server/exercises/library.ts), and coaches' own.
// A canonical row's id is its catalogue slug and it has no coach; a coach's own is
// "custom-<n>". When a coach's account goes, their exercises stay (with no coach): their
// clients' workouts still name them.
export const exerciseLibrary = pgTable(
  "exercise_library",
  {
    id: text("id")
      .primaryKey()
      .default(sql`('custom-' || nextval('exercise_library_custom_seq'))`),
    name: text("name").notNull(),
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text("category").$type<ExerciseCategory>().notNull().default("other"),
    equipment: text("equipment").$type<Equipment>().notNull().default("other"),
    coachId: integer("coach_id")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "set null" }),
    // normalizeExerciseName(name): what makes "Zercher carry" the coach's "Zercher Carry".
    normalizedName: text("normalized_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("exercise_library_coach_name_key").on(t.coachId, t.normalizedName)]
)

// A coach's demonstration link for a library exercise, canonical or their own, set once and
// shown to their clients beside every workout naming it (docs/decisions/048-the-coachs-desk.md).
export const exerciseDemos = pgTable(
  "exercise_demos",
  {
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    exerciseId: text("exercise_id")
      .$type<ExerciseId>()
      .notNull()
      .references(() => exerciseLibrary.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.coachId, t.exerciseId] })]
)

export const exercises = pgTable(
  "exercises",
  {
    id: serial("id").primaryKey(),
    workoutId: integer("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    exerciseOrder: integer("exercise_order").notNull(),
    // The name as the coach wrote it; `library_id` is the exercise it is. Null only for a
    // row stored before the library, until the start-up linking gives it one.
    name: text("name").notNull(),
    libraryId: text("library_id").references(() => exerciseLibrary.id),
    // Exercises sharing a letter are one superset or circuit, walked a set of each in turn
    // (docs/workout-notation.md); null stands alone.
    superset: text("superset"),
    restSeconds: integer("rest_seconds"),
    tempo: text("tempo"),
    note: text("note")
  },
  (t) => [uniqueIndex("exercises_workout_order_key").on(t.workoutId, t.exerciseOrder)]
)

// The coach's prescription. Never written by the client.
export const sets = pgTable(
  "sets",
  {
    id: serial("id").$type<SetId>().primaryKey(),
    exerciseId: integer("exercise_id")
      .notNull()
      .references(() => exercises.id, { onDelete: "cascade" }),
    setIndex: integer("set_index").notNull(),
    amsap: boolean("amsap").notNull().default(false),
    repsAmrap: boolean("reps_amrap").notNull().default(false),
    reps: integer("reps").$type<RepCount>(),
    rpe: doublePrecision("rpe").$type<Rpe>(),
    rir: integer("rir").$type<Rir>(),
    weight: doublePrecision("weight").$type<Weight>(),
    weightUnit: text("weight_unit").$type<Unit>().notNull().default("lb"),
    backoffPercent: doublePrecision("backoff_percent").$type<Percent>(),
    e1rmPercent: doublePrecision("e1rm_percent").$type<Percent>(),
    maxPercent: doublePrecision("max_percent").$type<Percent>(),
    // The lifter added this set while logging (an AMSAP set going on); only these may be removed.
    addedByClient: boolean("added_by_client").notNull().default(false)
  },
  (t) => [
    uniqueIndex("sets_exercise_index_key").on(t.exerciseId, t.setIndex),
    check("sets_weight_unit_check", sql`${t.weightUnit} in ('lb', 'kg')`)
  ]
)

// What the client logged for a set, kept apart from the prescription.
export const setResults = pgTable(
  "set_results",
  {
    setId: integer("set_id")
      .$type<SetId>()
      .primaryKey()
      .references(() => sets.id, { onDelete: "cascade" }),
    performedReps: integer("performed_reps").$type<RepCount>(),
    // Half steps (docs/decisions/016): 2.5 RIR is RPE 7.5.
    performedRir: doublePrecision("performed_rir").$type<Rir>(),
    performedRpe: doublePrecision("performed_rpe").$type<Rpe>(),
    performedWeight: doublePrecision("performed_weight").$type<Weight>(),
    // The unit the lifter logged the weight in (docs/decisions/018): stored values keep their unit.
    weightUnit: text("weight_unit").$type<Unit>().notNull().default("lb"),
    // The lifter chose not to do this set: listed in /workoutResults even with nothing logged.
    skipped: boolean("skipped").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [check("set_results_weight_unit_check", sql`${t.weightUnit} in ('lb', 'kg')`)]
)

// One row per idempotency key a coach sent with a saved workout: a save sent again with
// the same key answers that workout instead of storing a second one. The key is the
// coach's own (scoped by coach_id); the hash of the workout sent tells a retry from a
// key reused for another workout. Deleting the workout deletes its key.
export const workoutSaveKeys = pgTable(
  "workout_save_keys",
  {
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    workoutId: integer("workout_id").references(() => workouts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.coachId, t.key] }), index("workout_save_keys_workout_idx").on(t.workoutId)]
)

// A workout the client submitted: one row per workout, replaced by a later submit.
export const workoutCompletions = pgTable("workout_completions", {
  workoutId: integer("workout_id")
    .primaryKey()
    .references(() => workouts.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
  durationSeconds: integer("duration_seconds").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
})

// One row per idempotency key a client sent when adding a set while logging: the same
// key again answers the set it added (set_id) instead of adding a second; after_set_id
// tells a retry from the key reused for another addition. Keys are the client's own.
// Removing the set removes its key.
export const loggedSetKeys = pgTable(
  "logged_set_keys",
  {
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    setId: integer("set_id")
      .$type<SetId>()
      .notNull()
      .references(() => sets.id, { onDelete: "cascade" }),
    afterSetId: integer("after_set_id").$type<SetId>().notNull()
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] }), index("logged_set_keys_set_idx").on(t.setId)]
)

// A client's tested maxes as their coach entered them (docs/decisions/004). Insert only: a new
// entry never replaces an older one, so the history of a lift is kept; the newest per
// exercise is the current max. The value keeps the unit it was entered in.
export const clientMaxes = pgTable(
  "client_maxes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A library id ("back-squat", "custom-12"): the handler checks the coach may use it.
    exerciseId: text("exercise_id").notNull(),
    value: doublePrecision("value").$type<TestedMax["value"]>().notNull(),
    unit: text("unit").$type<Unit>().notNull(),
    setOn: date("set_on", { mode: "string" }).$type<IsoDate>().notNull(),
    // The coach who entered it; kept when that coach's account goes.
    recordedBy: integer("recorded_by")
      .$type<UserId>()
      .references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index("client_maxes_client_exercise_idx").on(t.clientId, t.exerciseId),
    check("client_maxes_unit_check", sql`${t.unit} in ('lb', 'kg')`)
  ]
)

// A coach's saved workout or week (docs/decisions/025), applied to any of their clients from a date.
// `content` is a copy taken when it was saved (server/programming: the days of the week,
// each with its built workouts); `content_hash` tells a retried save from another content
// under the same name. `day_span`, `workout_count` and `exercise_names` are its summary,
// written with it (server/programming/template-summary.ts), so the list never reads
// `content`; the list's order (lower(name), id) has its own index (docs/decisions/051).
export const workoutTemplates = pgTable(
  "workout_templates",
  {
    id: serial("id").$type<TemplateId>().primaryKey(),
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<"workout" | "week" | "program">().notNull(),
    content: jsonb("content").notNull(),
    contentHash: text("content_hash").notNull(),
    daySpan: integer("day_span").notNull(),
    workoutCount: integer("workout_count").notNull(),
    exerciseNames: jsonb("exercise_names").$type<ReadonlyArray<string>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("workout_templates_coach_name_key").on(t.coachId, t.name),
    index("workout_templates_coach_order_idx").on(t.coachId, sql`lower(${t.name})`, t.id),
    check("workout_templates_kind_check", sql`${t.kind} in ('workout', 'week', 'program')`)
  ]
)

// One row per idempotency key a coach sent with a copy (docs/decisions/025): the same key again
// answers the first copy's report instead of copying twice; request_hash tells a retry
// from the key reused for another copy.
export const copyKeys = pgTable(
  "copy_keys",
  {
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    report: jsonb("report").$type<CopyReport>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.coachId, t.key] })]
)

/**
 * rate-limiter-flexible's PostgreSQL store (ADR 014), in its own shape. It is made here,
 * under the migration lock, rather than by the library at start: two instances starting
 * at once on a fresh schema each ran its `create table if not exists`, and one failed.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" })
})

/**
 * How far a lifter has read their coach's replies to their comments (docs/decisions/041):
 * every reply given at or before `replies_read_up_to` is read, on any device. One row per
 * lifter; a later mark never moves it back.
 */
export const commentReadMarks = pgTable("comment_read_marks", {
  clientId: integer("client_id")
    .$type<UserId>()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  repliesReadUpTo: timestamp("replies_read_up_to", { withTimezone: true }).notNull(),
  readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow()
})

/**
 * A lifter's form-check clip of one set (docs/decisions/050-form-check-videos.md). The row
 * is made when the upload is created (its size counts against the quota from then on),
 * `ready` once the last byte is stored and checked. It goes with its set, and so with its
 * workout removed for good and its lifter's account; a trigger then queues its bytes
 * (`video_removals`) in the same transaction.
 */
export const setVideos = pgTable(
  "set_videos",
  {
    id: uuid("id").$type<VideoId>().primaryKey(),
    clientId: integer("client_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    setId: integer("set_id")
      .$type<SetId>()
      .notNull()
      .references(() => sets.id, { onDelete: "cascade" }),
    /** sniffed from the first bytes; null until they arrive */
    mediaType: text("media_type").$type<VideoMediaType>(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    status: text("status").$type<VideoStatus>().notNull().default("uploading"),
    filename: text("filename"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true })
  },
  (t) => [
    index("set_videos_client_idx").on(t.clientId, t.createdAt),
    index("set_videos_set_idx").on(t.setId),
    check("set_videos_status_check", sql`${t.status} in ('uploading', 'ready')`),
    check(
      "set_videos_media_type_check",
      sql`${t.mediaType} is null or ${t.mediaType} in ('video/mp4', 'video/quicktime', 'video/webm')`
    )
  ]
)

/** A coach's comment pinned to a moment of a clip; its id is the one the device made. */
export const videoComments = pgTable(
  "video_comments",
  {
    id: uuid("id").$type<VideoCommentId>().primaryKey(),
    videoId: uuid("video_id")
      .$type<VideoId>()
      .notNull()
      .references(() => setVideos.id, { onDelete: "cascade" }),
    coachId: integer("coach_id")
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    atMs: integer("at_ms").notNull(),
    body: text("body").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index("video_comments_video_idx").on(t.videoId, t.atMs)]
)

/**
 * Clips whose bytes are still to be removed from storage: filled by the trigger on
 * `set_videos` (migration 0013), drained by server/videos/sweeper.ts.
 */
export const videoRemovals = pgTable("video_removals", {
  videoId: uuid("video_id").$type<VideoId>().primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow()
})

/** Secrets every instance must agree on, made once (the video links' key when VIDEO_LINK_SECRET is unset). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
})
