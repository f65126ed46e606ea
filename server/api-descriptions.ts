/**
 * The description of every operation in the OpenAPI document (/beta/docs/openapi.json),
 * keyed by its operationId ("<group>.<endpoint>"). They live here, not on the contract's
 * endpoints, because the contract ships to the browser and only this document reads them;
 * server/api.ts sets them in its OpenApi.Transform.
 */
import type * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { MAX_TEMPLATE_PAGE, TEMPLATE_PAGE_SIZE } from "#domain/templates.ts"
import { DEFAULT_READ_WINDOW, MAX_READ_DAYS } from "#domain/workout.ts"
import type { ServerApi } from "./api.ts"

/** How OpenApi.fromApi names an operation: the endpoint alone in a top-level group, else group.endpoint. */
type GroupOperationId<Group> =
  Group extends HttpApiGroup.HttpApiGroup<infer Id, infer Endpoints, infer TopLevel>
    ? TopLevel extends true
      ? HttpApiEndpoint.Identifier<Endpoints>
      : `${Id}.${HttpApiEndpoint.Identifier<Endpoints>}`
    : never

/** Every operationId of the contract the server serves. */
export type OperationId =
  typeof ServerApi extends HttpApi.HttpApi<string, infer Groups> ? GroupOperationId<Groups> : never

/** How /workouts and /workoutResults answer a call without a query (docs/decisions/034). */
const DEFAULT_WINDOW_TEXT = `Without from and to the answer is the same row list for the server's default window: today in UTC, the ${DEFAULT_READ_WINDOW.daysBefore} days before it and the ${DEFAULT_READ_WINDOW.daysAfter} after it; headers X-Window-From and X-Window-To name the days served, and Link gives the ${MAX_READ_DAYS}-day windows before (rel="prev") and after (rel="next") with explicit from and to. Only one of from and to is a 400 naming the missing one.`

/** A key that is not an operation, or an operation without a key, is a type error. */
export const API_DESCRIPTIONS: Record<OperationId, string> = {
  "users.check":
    "A list holding the caller's user record, or an empty list while signup is needed. The record follows the token: a verified email is stored, a pending invitation becomes a link once the email is verified, and an account whose Firebase user was re-created with the same verified email is taken over (docs/decisions/012).",
  "users.signup":
    "Creates the account of the token's own uid with the token's own email (a token without one is a 403). A pending invitation becomes a coach link only for a verified email. A second signup is a 409.",
  "clients.addClient":
    "Invites a client by email: records an invitation (keyed `pending:<email>`) that the person accepts or declines; it never links (docs/decisions/033). The coach's own email must be verified (403 otherwise). A coach's address, a client already on the list, and an address that declined an invitation not yet removed are 409s. Answers the updated client lookup table.",
  "clients.getAllClients":
    "The coach's client lookup table; pending invitations are keyed `pending:<email>`; an archived client carries `archived: true`.",
  "clients.resendInvitation":
    "The coach sends one of their open invitations' email again (clientKey: `pending:<email>`, as withdrawing takes it); not a declined one, not a linked client's, not another coach's (404). At most once every 10 minutes per invitation: sooner is a 429 whose message says when. Answers the client lookup table.",
  "clients.archiveClient":
    "The coach archives one of their linked clients: still linked (history kept and readable, the client logs as before), but listed apart in the roster (`archived: true`) and left out of the coach overview. Idempotent. Not the coach's client: 404. Answers the client lookup table.",
  "clients.restoreClient":
    "The coach puts an archived client back on the roster and in the overview. Idempotent (a client not archived is answered as is). Not the coach's client: 404. Answers the client lookup table.",
  "workouts.workoutResults": `What the client logged, one row per set with something logged, for the days from..to (inclusive, at most 366). ${DEFAULT_WINDOW_TEXT}`,
  "workouts.workouts": `What the coach prescribed, one row per set, for the days from..to (inclusive, at most 366). ${DEFAULT_WINDOW_TEXT}`,
  "workouts.workoutByDate": "The prescribed workouts of one day, grouped into exercises with their sets.",
  "workouts.saveWorkout":
    "Stores a built workout as the next workout of that date. Answers its rows. With an idempotencyKey, the same key again answers the first save's rows without storing anything; the same key with another workout is a 409.",
  "workouts.updateWorkoutResult":
    "Logs performed values for one of the caller's sets; the prescription is never changed. Idempotent. Answers the logged row.",
  "workouts.addLoggedSet":
    "The caller (a client) adds a set to one of their exercises while logging: it follows the exercise's last set, copies that set's prescription and is marked added. The same idempotencyKey again answers the same set; an exercise at its cap of sets is a 409.",
  "workouts.removeLoggedSet":
    "Removes a set the caller added while logging, with what was logged for it. A set the coach prescribed is a 409: it can be skipped, not removed.",
  "workouts.completeWorkout":
    "The caller (a client) submits one of their workouts: start, end and duration. Idempotent: the first submission is the record; submitting again (a retry, a correction later) stores nothing and answers the record kept.",
  "workouts.workoutCompletions":
    "The client's submitted workouts for the days from..to (at most 366), readable by the client and their coach.",
  "maxes.maxes":
    "Every tested max recorded for the client, newest first (set_on, then recorded_at): the client reads their own, a coach their clients'.",
  "maxes.addMax":
    "The coach records a tested max for one of their clients, in the unit entered. Earlier entries are kept, never overwritten. Answers the stored entry.",
  "exercises.exercises":
    "The exercise library the caller may use: every canonical exercise, then the coach's own (a client reads their coach's).",
  "exercises.addExercise":
    "A coach adds an exercise of their own. Idempotent by name: a name the coach already has, or a canonical name or alias, answers that exercise instead of storing a copy.",
  "exercises.setExerciseDemo":
    "The coach sets the demo video link of an exercise of their library (a canonical one or their own), shown to their clients beside every workout naming it; url null takes it away.",
  "preferences.preferences":
    "A user's unit, bar and smallest plate (null: the unit's usual one): the user reads their own, a coach their clients'.",
  "preferences.savePreferences":
    "Replaces a user's preferences. A user sets their own; a coach may set a client's bar and smallest plate but not their unit (403). Idempotent. Answers what is stored.",
  "workoutEdits.editWorkout":
    "The coach replaces a saved workout's content. A set sent with its id keeps what was logged for it; removing logged sets is a 409 unless discardLogged. Idempotent by key. Answers its rows.",
  "workoutEdits.removeWorkout": "The coach removes a saved workout, with what was logged, until restored. Idempotent.",
  "workoutEdits.restoreWorkout":
    "Undoes a removal: the workout is back as it was, logged results included. Idempotent.",
  "workoutEdits.moveWorkout":
    "The coach moves a saved workout to another day (toDate), where it takes the next workoutOrder; what was logged and its completion go with it, and the address it left is never reused. Sent again after the move, it answers where the workout is. Answers the new address and the one it left.",
  "programming.copyWorkouts":
    "Copies a workout, day, week or template to the coach's clients for one or more weeks, each week with its change (weeks: % points, weight in a unit, reps, sets or a deload; the older repeats keep their meaning); a week keeps its weekdays. All or nothing. dryRun stores nothing and reports the same days and loads. Idempotent by key.",
  "programming.templates":
    "All the caller coach's templates, by name (case aside) then id, each with its summary as stored when it was saved.",
  "programming.templatePage": `Up to \`limit\` (1 to ${MAX_TEMPLATE_PAGE}, ${TEMPLATE_PAGE_SIZE} without it) of the caller coach's templates, in the order of GET /api/templates, after the page that answered \`next\` when \`after\` sends it back. \`next\` is null on the last page. Keyset paging: a template saved or removed meanwhile neither repeats nor skips the others (docs/decisions/051).`,
  "programming.saveTemplate":
    "Saves a copy of a workout or a week under a name; the same name with other content is a 409.",
  "programming.removeTemplate": "Removes one of the caller's templates.",
  "overview.coachOverview":
    "Per linked client: last session, this week's done and scheduled, missed, new records, the coming days; on the coach's `today` and calendar (`utcOffset`, minutes east of UTC; UTC without it). Work counts on the day it was done, a workout done ahead of its date included (docs/decisions/042). `compliance`, per client and for all of them: of the workouts dated in the last 7 and 28 days through `today` (none to come), how many were submitted.",
  "doneWork.doneSets":
    "The sets a client did from `from` through `today`, each with `done_on`: the earlier of its workout's date and the day it was logged, on the reader's calendar (`utcOffset`), so a workout done ahead of its date counts on the day it was done (docs/decisions/042). `loggedBefore` says whether any set was done before `from`. The client and their coach.",
  "chat.messages":
    "The thread of a client and their coach, newest first; `before` (a seq) reads the page older than it. Only the two of them.",
  "chat.sendMessage":
    "Sends a message with the id the device made. The same id again stores nothing and answers the stored message; an id used elsewhere is a 409.",
  "chat.markRead": "The caller has read the thread up to this message. Marks only move forward.",
  "chat.unread": "The caller's unread messages: the total, and per thread (a coach's per client).",
  "comments.addComment":
    "A client comments on one of their workouts or sets, with the id the device made. The same id again answers the stored comment.",
  "comments.replyToComment": "The client's coach replies in place; a new reply replaces the last. Idempotent.",
  "comments.dayComments": "The comments on a client's workouts of one day, oldest first: the client and their coach.",
  "comments.recentComments": "The caller coach's clients' comments, newest first, with what a link to the day needs.",
  "comments.coachReplies":
    "The signed-in client's comments their coach replied to, newest reply first, with how many replies are past the client's read mark.",
  "comments.markRepliesRead":
    "The signed-in client has read their coach's replies up to the one on this comment of theirs. Marks only move forward; answers the replies and the unread count.",
  "coaching.coaching":
    "The signed-in client's coach (or null) and the invitations addressed to their verified email, oldest first. A coach's call is a 403.",
  "coaching.acceptInvitation":
    "The client accepts one invitation: that coach is now their coach. An unverified email is a 403; an invitation not addressed to the caller is a 404; a client who already has a coach is a 409 (end that link first). The other invitations stay, for the client to decline.",
  "coaching.declineInvitation":
    "The client declines one invitation; the coach's list shows it declined until they remove it.",
  "coaching.endCoaching":
    "The client ends the link with their coach: the history stays, the coach's access ends. No coach is a 404.",
  "imports.importChunk":
    "The signed-in lifter stores a part of one import of another app's logbook (docs/decisions/049): every chunk of one file carries the same import_key, source and file_name. All of it or nothing. A session whose key the lifter imported before, or whose `ours:<date>:<order>` key names a workout they still have, is skipped and counted; each new one is a workout of its own with its sets as logged and its submission. An exercise_id must be canonical, the lifter's coach's or the lifter's own; a name without one links to the canonical exercise of that name, else to the lifter's own (at most 50 new ones per call). At most 1000 sets per call. The same key with another file or source, or after its undo, is a 409. A coach's call is a 403.",
  "imports.imports":
    "The caller's imports, newest first (the newest 100): source, file, when, the sessions and sets still stored, and until when it can be undone (null once undone or past the window).",
  "imports.undoImport":
    "The lifter takes one of their imports back within 24 hours: its workouts are deleted, with what was logged, submitted and commented on them, and the import is marked undone; the same file can then be imported again under a new import_key. Not the caller's own import: 404. Past the window or undone already: 409. Answers the import's record.",
  "coachLinks.removeClient":
    "The coach ends the link with a client (key: their id) or withdraws an invitation (key: `pending:<email>`), declined ones included. The history stays; access ends. Answers the updated client lookup table.",
  "roster.importClients":
    "A coach invites a roster: each of 1 to 200 rows (`email`, and a `name` that is read but not kept) is invited as addClient invites one, in its own transaction, with its own outcome in the report: invited, already-invited, already-linked, declined, not-an-email, duplicate (an earlier row's address), limit-reached (the pending-invitation cap holds row by row) or refused (a coach's address, ADR 015's words). A bad address is a row of the report, not a 400. New invitations are emailed once stored. The coach's email must be verified (403). Answers the rows in order, `line` being the row's place from 1, and the updated client lookup table (docs/decisions/049).",
  "programs.importProgram":
    "The coach keeps a program (weeks 1..12 of days 1..7 of workouts of exercises of sets) as a template of kind `program` under `name`: each workout lands (week - 1) × 7 + day - 1 days after the start it is applied from, and a program is applied once (one week, no repeats). Exercises are linked as a saved workout's: `exercise_id` when sent (canonical or the coach's own, else a 400 naming it), else the name. The same name with the same content answers the saved template; with other content it is a 409 (TemplateNameTaken) (docs/decisions/049).",
  "programs.templateProgram":
    "One of the caller's templates as a program, the JSON a program file holds (its workouts on the week and day of their offset; a week template from its first day). Another coach's or none: 404. A template holding what a program cannot say (supersets, rest, tempo, notes, backoff or e1RM percentages, two loads on a set) is a 409 naming it (docs/decisions/049).",
  "videos.dayVideos":
    "A day's form-check clips of one lifter, oldest first, each with its set's place and its coach's comments (earliest moment first): all of them for the lifter (uploads still going too), the ready ones for their coach now (an archived client's too). Clips on a removed workout are not listed; they come back with it. Another lifter's: 403; another coach's client: 404 (docs/decisions/050).",
  "videos.recentVideos":
    "The coach's clients' newest ready clips (the newest 20), each with the client's name, for the dashboard. A client's call is a 403.",
  "videos.videoUsage":
    "What the calling lifter's clips take (uploads still going and clips on removed workouts count) and their quota (VIDEO_QUOTA_BYTES). A coach's call is a 403.",
  "videos.videoLink":
    "A link that plays a ready clip for 30 minutes (`&download=1` saves it): the lifter's own, or their client's for their coach. The link is signed (HMAC-SHA256 over the clip and its end); the file route answers single byte ranges. Anyone else, or a clip still uploading: 404 (docs/decisions/050).",
  "videos.removeVideo":
    "The lifter removes their clip: its comments go with it and its bytes are removed from storage (at once, else by the next sweep). Answers 204. The coach's call is a 403; another lifter's clip is a 404.",
  "videos.commentVideo":
    "The lifter's coach pins a comment to a moment of a ready clip (`atMs`); the lifter and the coach hear of it on the live stream (`videoComment`). The same id with the same comment answers it again; another comment under that id is a 400. A client's call is a 403; a clip of someone not the coach's client is a 404."
}
