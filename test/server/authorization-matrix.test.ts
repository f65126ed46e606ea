/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ServerApi } from "#server/api.ts"
import { DEFAULT_RATE_LIMITS } from "#server/rate-limit.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser, expiredTokenOf, type EmulatorUser } from "./support/emulator-users.ts"
import { openLiveReader } from "./support/live-reader.ts"
import { uploadClip } from "./support/video-upload.ts"
import { mp4 } from "../domain/video-bytes.ts"

type Actor = "the owner" | "the owner's coach" | "another coach" | "another coach's client" | "a user with no account"

interface Cast {
  readonly coach: Account
  readonly client: Account
  readonly otherCoach: Account
  readonly otherClient: Account
  /** never signs up */
  readonly stranger: EmulatorUser
  /** signs up during the signup cases */
  readonly newcomer: EmulatorUser
  readonly setId: number
  /** a set the owner added while logging */
  readonly addedSetId: number
  /** one of the coach's templates */
  readonly templateId: number
  /** one of the coach's templates a program file can hold (docs/decisions/049) */
  readonly programTemplateId: number
  /** a message in the owner's thread (the client and their coach) */
  readonly messageId: string
  /** a message in another thread: the other coach's with the other client */
  readonly otherThreadMessageId: string
  /** the owner's comment on their set */
  readonly commentId: string
  /** a client with no coach, invited by the coach and by the other coach */
  readonly invitee: Account
  /** the coach's invitation to the invitee, for them to accept */
  readonly invitationId: number
  /** the other coach's invitation to the invitee, for them to decline */
  readonly otherInvitationId: number
  /** a client of the coach who ends that coaching */
  readonly leaver: Account
  /** a client of the coach whom the coach removes */
  readonly removed: Account
  /** the owner's import of a logbook (docs/decisions/049), for them to undo */
  readonly importId: number
  /** the owner's ready form-check clip (docs/decisions/050) */
  readonly videoId: string
  /** another clip of the owner's, for them to remove */
  readonly removableVideoId: string
}

/** An address only the owner coach invites (in beforeAll), never signed up: their open invitation. */
const RESEND_INVITEE = "resend-matrix@tests.dev"

interface Request {
  readonly method: string
  readonly path: string
  readonly body?: unknown
}

interface EndpointCase {
  readonly name: string
  /** the endpoint's name in the contract (src/domain/api.ts), or a streamed route's beside it */
  readonly endpoint: string
  /** a streamed route beside the contract (server/exports), not one of its endpoints */
  readonly raw?: true
  readonly request: (cast: Cast) => Request
  /** who calls as "the owner" */
  readonly owner: (cast: Cast) => EmulatorUser
  readonly expected: Partial<Record<Actor, number>>
  /** what the owner is answered, when not 200 (a removal answering no body: 204) */
  readonly ownerStatus?: number
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

const workout = [{ name: "Deadlift", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 3 }] }] }]

/** A part of an import of a logbook (src/domain/history-import.ts), under `importKey`. */
const importChunk = (importKey: string, date: string) => ({
  import_key: importKey,
  source: "strong",
  file_name: "matrix.csv",
  sessions: [
    {
      key: `strong:${date}`,
      date,
      exercises: [{ name: "Back Squat", sets: [{ weight: 100, unit: "kg", reps: 5, rpe: null }] }]
    }
  ]
})

/** A program file's program (src/domain/program.ts): one week, two days. */
const MATRIX_PROGRAM = {
  name: "Matrix program",
  program: {
    name: "Matrix program",
    weeks: [
      {
        week: 1,
        days: [
          {
            day: 1,
            workouts: [{ exercises: [{ name: "Back Squat", sets: [{ reps: 5, load: { kind: "rpe", value: 8 } }] }] }]
          },
          { day: 3, workouts: [{ exercises: [{ name: "Deadlift", sets: [{ reps: 3 }] }] }] }
        ]
      }
    ]
  }
}

const endpoints: ReadonlyArray<EndpointCase> = [
  {
    name: "user/check",
    endpoint: "check",
    request: (c) => ({
      method: "GET",
      path: `/beta/api/user/check?${query({ email: c.client.email, firebaseId: c.client.uid })}`
    }),
    owner: (c) => c.client,
    expected: {
      "another coach": 403,
      "another coach's client": 403,
      "a user with no account": 403,
      "the owner's coach": 403
    }
  },
  {
    name: "signup",
    endpoint: "signup",
    request: (c) => ({
      method: "POST",
      path: `/beta/api/signup/${c.newcomer.uid}?${query({ name: "Sam", email: c.newcomer.email, firebaseId: c.newcomer.uid, userType: "Client" })}`
    }),
    owner: (c) => c.newcomer,
    expected: {
      "another coach": 403,
      "another coach's client": 403,
      "the owner's coach": 403,
      "a user with no account": 403
    }
  },
  {
    name: "addClient",
    endpoint: "addClient",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/addClient",
      body: { data: { coachId: c.coach.id, clientEmail: "invitee@tests.dev" } }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 403, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "getAllClients",
    endpoint: "getAllClients",
    request: (c) => ({ method: "GET", path: `/beta/api/getAllClients/${c.coach.id}` }),
    owner: (c) => c.coach,
    expected: { "another coach": 403, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "workouts",
    endpoint: "workouts",
    request: (c) => ({ method: "GET", path: `/beta/api/workouts/${c.client.id}?from=2025-01-01&to=2025-12-31` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "workoutResults",
    endpoint: "workoutResults",
    request: (c) => ({ method: "GET", path: `/beta/api/workoutResults/${c.client.id}?from=2025-01-01&to=2025-12-31` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "workoutByDate",
    endpoint: "workoutByDate",
    request: (c) => ({
      method: "GET",
      path: `/beta/api/workoutByDate?${query({ clientId: c.client.id, date: "2025-01-06" })}`
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "workout (save)",
    endpoint: "saveWorkout",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/workout",
      body: { clientId: c.client.id, date: "2025-01-07", workout }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "updateWorkoutResult",
    endpoint: "updateWorkoutResult",
    request: (c) => ({ method: "PUT", path: "/beta/api/updateWorkoutResult", body: { id: c.setId, reps: 4 } }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "loggedSet (add)",
    endpoint: "addLoggedSet",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/loggedSet",
      body: { afterSetId: c.setId, idempotencyKey: "matrix-add-a-set-0001" }
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "loggedSet (remove)",
    endpoint: "removeLoggedSet",
    request: (c) => ({ method: "DELETE", path: `/beta/api/loggedSet/${c.addedSetId}` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "workoutCompletion",
    endpoint: "completeWorkout",
    request: () => ({
      method: "PUT",
      path: "/beta/api/workoutCompletion",
      body: {
        date: "2025-01-06",
        workout_order: 0,
        started_at: "2025-01-06T17:00:00.000Z",
        ended_at: "2025-01-06T18:00:00.000Z",
        duration_seconds: 3300
      }
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "workoutCompletions",
    endpoint: "workoutCompletions",
    request: (c) => ({
      method: "GET",
      path: `/beta/api/workoutCompletions/${c.client.id}?from=2025-01-01&to=2025-12-31`
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "maxes",
    endpoint: "maxes",
    request: (c) => ({ method: "GET", path: `/beta/api/maxes/${c.client.id}` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "maxes (record)",
    endpoint: "addMax",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/maxes",
      body: { clientId: c.client.id, exercise_id: "back-squat", value: 315, unit: "lb", set_on: "2025-01-06" }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // Everyone with an account reads the library they may use (their own view of it).
    name: "exercises",
    endpoint: "exercises",
    request: () => ({ method: "GET", path: "/beta/api/exercises" }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 200,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    // A coach adds to their own library; no client does.
    name: "exercises (add)",
    endpoint: "addExercise",
    request: () => ({ method: "POST", path: "/beta/api/exercises", body: { name: "Matrix Sled Push" } }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // A coach sets demos on canonical exercises for their own clients; no client does.
    name: "exercise demo",
    endpoint: "setExerciseDemo",
    request: () => ({
      method: "PUT",
      path: "/beta/api/exercises/demo",
      body: { exerciseId: "back-squat", url: "https://example.com/squat" }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "preferences",
    endpoint: "preferences",
    request: (c) => ({ method: "GET", path: `/beta/api/preferences/${c.client.id}` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    // The coach sends the lifter's own unit back, so only the plates change (a unit
    // change by the coach is refused: preferences.test.ts).
    name: "preferences (save)",
    endpoint: "savePreferences",
    request: (c) => ({
      method: "PUT",
      path: `/beta/api/preferences/${c.client.id}`,
      body: { unit: "lb", bar: 45, smallest_plate: 2.5 }
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    // A workout of its own, so the edit leaves the sets the logging cases use alone.
    name: "workout (edit)",
    endpoint: "editWorkout",
    request: (c) => ({
      method: "PUT",
      path: "/beta/api/workout",
      body: {
        clientId: c.client.id,
        date: "2025-01-20",
        workoutOrder: 0,
        workout,
        idempotencyKey: "matrix-edit-workout-0001"
      }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "workout (remove)",
    endpoint: "removeWorkout",
    request: (c) => ({ method: "DELETE", path: `/beta/api/workout/${c.client.id}/2025-01-13/0` }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "workout (restore)",
    endpoint: "restoreWorkout",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/workout/restore",
      body: { clientId: c.client.id, date: "2025-01-13", workoutOrder: 0 }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // A workout of its own (saved in beforeAll), so the move leaves the other cases' days alone.
    name: "workout (move)",
    endpoint: "moveWorkout",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/workout/move",
      body: { clientId: c.client.id, date: "2025-01-27", workoutOrder: 0, toDate: "2025-01-29" }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "workouts (copy)",
    endpoint: "copyWorkouts",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/workouts/copy",
      body: {
        source: { kind: "day", clientId: c.client.id, date: "2025-01-06" },
        targets: [{ clientId: c.client.id, start: "2025-02-03" }],
        repeats: [],
        dryRun: true,
        idempotencyKey: "matrix-copy-preview-0001"
      }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // Every coach lists their own templates; no client has any.
    name: "templates",
    endpoint: "templates",
    request: () => ({ method: "GET", path: "/beta/api/templates" }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // A page of the caller's own templates (docs/decisions/051), as the whole list.
    name: "templates (page)",
    endpoint: "templatePage",
    request: () => ({ method: "GET", path: "/beta/api/templates/page?limit=1" }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "templates (save)",
    endpoint: "saveTemplate",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/templates",
      body: {
        name: "Matrix day",
        source: { kind: "workout", clientId: c.client.id, date: "2025-01-06", workoutOrder: 0 }
      }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "templates (remove)",
    endpoint: "removeTemplate",
    request: (c) => ({ method: "DELETE", path: `/beta/api/templates/${c.templateId}` }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // Every coach reads their own overview; no client has one.
    name: "coachOverview",
    endpoint: "coachOverview",
    request: () => ({ method: "GET", path: "/beta/api/coachOverview?today=2025-01-08" }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // Work by the day it was done (docs/decisions/042): the client and their coach, as /workoutResults.
    name: "doneSets",
    endpoint: "doneSets",
    request: (c) => ({
      method: "GET",
      path: `/beta/api/doneSets/${c.client.id}?${query({ from: "2025-01-01", today: "2025-01-08", utcOffset: 0 })}`
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  // docs/decisions/029: a thread is its client's and their coach's; nobody else reads or writes it.
  {
    name: "chat messages",
    endpoint: "messages",
    request: (c) => ({ method: "GET", path: `/beta/api/chat/${c.client.id}/messages` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "chat messages (send)",
    endpoint: "sendMessage",
    request: (c) => ({
      method: "POST",
      path: `/beta/api/chat/${c.client.id}/messages`,
      body: { id: randomUUID(), body: "matrix message" }
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "chat read mark",
    endpoint: "markRead",
    request: (c) => ({ method: "PUT", path: `/beta/api/chat/${c.client.id}/read`, body: { messageId: c.messageId } }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    // Everyone with an account reads their own counts.
    name: "chat unread",
    endpoint: "unread",
    request: () => ({ method: "GET", path: "/beta/api/chat/unread" }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 200,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    name: "comments (add)",
    endpoint: "addComment",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/comments",
      body: { id: randomUUID(), target: { kind: "set", setId: c.setId }, body: "matrix comment" }
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "comments (reply)",
    endpoint: "replyToComment",
    request: (c) => ({
      method: "PUT",
      path: `/beta/api/comments/${c.commentId}/reply`,
      body: { body: "matrix reply" }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "comments of a day",
    endpoint: "dayComments",
    request: (c) => ({ method: "GET", path: `/beta/api/comments/${c.client.id}?date=2025-01-06` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    // Every coach reads their own clients' comments; no client has the list.
    name: "recent comments",
    endpoint: "recentComments",
    request: () => ({ method: "GET", path: "/beta/api/recentComments" }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // A lifter's replies and read mark (docs/decisions/041): every client has their own; coaches none.
    name: "replies to the owner's comments",
    endpoint: "coachReplies",
    request: () => ({ method: "GET", path: "/beta/api/commentReplies" }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    name: "replies read up to the owner's comment",
    endpoint: "markRepliesRead",
    request: (c) => ({ method: "PUT", path: "/beta/api/comments/read", body: { upTo: c.commentId } }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    // Every client reads their own side of coaching; coaches have none.
    name: "coaching",
    endpoint: "coaching",
    request: () => ({ method: "GET", path: "/beta/api/coaching" }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    name: "accept an invitation",
    endpoint: "acceptInvitation",
    request: (c) => ({ method: "POST", path: `/beta/api/coaching/invitations/${c.invitationId}/accept` }),
    owner: (c) => c.invitee,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "decline an invitation",
    endpoint: "declineInvitation",
    request: (c) => ({ method: "POST", path: `/beta/api/coaching/invitations/${c.otherInvitationId}/decline` }),
    owner: (c) => c.invitee,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    // It ends the caller's own coaching, so another client would end theirs: not asked here.
    name: "end coaching",
    endpoint: "endCoaching",
    request: () => ({ method: "DELETE", path: "/beta/api/coaching/coach" }),
    owner: (c) => c.leaver,
    expected: { "the owner's coach": 403, "another coach": 403, "a user with no account": 403 }
  },
  {
    name: "remove a client",
    endpoint: "removeClient",
    request: (c) => ({ method: "DELETE", path: `/beta/api/clients/${c.removed.id}` }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "resend an invitation",
    endpoint: "resendInvitation",
    request: () => ({
      method: "POST",
      path: "/beta/api/invitations/resend",
      body: { clientKey: `pending:${RESEND_INVITEE}` }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    // The client stays linked either way, so no other case sees a difference.
    name: "archive a client",
    endpoint: "archiveClient",
    request: (c) => ({ method: "POST", path: "/beta/api/clients/archive", body: { clientId: c.client.id } }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "restore a client",
    endpoint: "restoreClient",
    request: (c) => ({ method: "POST", path: "/beta/api/clients/restore", body: { clientId: c.client.id } }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  // docs/decisions/049: a coach's roster and programs. Every coach imports into their own list and templates.
  {
    name: "import clients",
    endpoint: "importClients",
    request: () => ({
      method: "POST",
      path: "/beta/api/clients/import",
      body: { rows: [{ name: "Rory Roster", email: "roster-matrix@tests.dev" }] }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "import a program",
    endpoint: "importProgram",
    request: () => ({ method: "POST", path: "/beta/api/templates/import", body: MATRIX_PROGRAM }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "a template as a program",
    endpoint: "templateProgram",
    request: (c) => ({ method: "GET", path: `/beta/api/templates/${c.programTemplateId}/program` }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  // docs/decisions/049: a lifter imports into their own logbook only; the chunk names nobody else.
  {
    name: "import a chunk of a logbook",
    endpoint: "importChunk",
    request: () => ({
      method: "POST",
      path: "/beta/api/imports/chunk",
      body: importChunk("matrix-import-chunk-0001", "2024-09-02")
    }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    // Everyone with an account lists their own imports (a coach's list is empty).
    name: "imports",
    endpoint: "imports",
    request: () => ({ method: "GET", path: "/beta/api/imports" }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 200,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    name: "undo an import",
    endpoint: "undoImport",
    request: (c) => ({ method: "POST", path: "/beta/api/imports/undo", body: { import_id: c.importId } }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 404,
      "another coach": 404,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  // Form-check clips (docs/decisions/050): the lifter's own, and their coach's to see and comment on.
  {
    name: "dayVideos",
    endpoint: "dayVideos",
    request: (c) => ({ method: "GET", path: `/beta/api/videos/${c.client.id}?date=2025-01-06` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 403,
      "a user with no account": 403
    }
  },
  {
    name: "recentVideos",
    endpoint: "recentVideos",
    request: () => ({ method: "GET", path: "/beta/api/videos/recent" }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "videoUsage",
    endpoint: "videoUsage",
    request: () => ({ method: "GET", path: "/beta/api/videos/usage" }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 200,
      "a user with no account": 403
    }
  },
  {
    name: "videoLink",
    endpoint: "videoLink",
    request: (c) => ({ method: "GET", path: `/beta/api/videos/${c.videoId}/link` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "commentVideo",
    endpoint: "commentVideo",
    request: (c) => ({
      method: "POST",
      path: `/beta/api/videos/${c.videoId}/comments`,
      body: { id: "7d1c2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", atMs: 1500, body: "Knees out at the bottom" }
    }),
    owner: (c) => c.coach,
    expected: { "another coach": 404, "another coach's client": 403, "a user with no account": 403 }
  },
  {
    name: "removeVideo",
    endpoint: "removeVideo",
    request: (c) => ({ method: "DELETE", path: `/beta/api/videos/${c.removableVideoId}` }),
    owner: (c) => c.client,
    ownerStatus: 204,
    expected: {
      "the owner's coach": 403,
      "another coach": 403,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  // The exports are streamed routes beside the contract (server/exports), refused as its calls are.
  {
    name: "export a lifter's history",
    endpoint: "exportHistory",
    raw: true,
    request: (c) => ({ method: "GET", path: `/beta/api/export/history/${c.client.id}?format=csv` }),
    owner: (c) => c.client,
    expected: {
      "the owner's coach": 200,
      "another coach": 404,
      "another coach's client": 404,
      "a user with no account": 403
    }
  },
  {
    name: "export a coach's account",
    endpoint: "exportAccount",
    raw: true,
    request: () => ({ method: "GET", path: "/beta/api/export/account" }),
    owner: (c) => c.coach,
    expected: { "another coach": 200, "another coach's client": 403, "a user with no account": 403 }
  }
]

it("covers every endpoint of the contract", () => {
  const contract = Object.values(ServerApi.groups).flatMap((group) => Object.keys(group.endpoints))
  const covered = endpoints.filter((endpoint) => endpoint.raw !== true).map((endpoint) => endpoint.endpoint)
  expect(covered.sort()).toEqual(contract.sort())
})

const tokenOf = (cast: Cast, endpoint: EndpointCase, actor: Actor): string => {
  switch (actor) {
    case "the owner":
      return endpoint.owner(cast).idToken
    case "the owner's coach":
      return cast.coach.idToken
    case "another coach":
      return cast.otherCoach.idToken
    case "another coach's client":
      return cast.otherClient.idToken
    case "a user with no account":
      return cast.stranger.idToken
  }
}

describe.each(databasesUnderTest)("authorization on $name", (database) => {
  // Three token-less calls per endpoint, from one address, pass that address's budget
  // (ADR 014) within the minute the matrix takes: raised here, tested in rate-limit.test.ts.
  const api = useApiUnderTest(database, {
    rateLimits: { ...DEFAULT_RATE_LIMITS, address: { points: 1_000, durationSeconds: 60 } },
    videoStorage: { kind: "file", directory: mkdtempSync(join(tmpdir(), "matrix-videos-")) }
  })
  let cast: Cast
  let anyToken: EmulatorUser

  beforeAll(async () => {
    const coach = await api.signupAs("Coach", "Olive Owner-Coach")
    const client = await api.clientOf(coach, "Orla Owner-Client")
    const otherCoach = await api.signupAs("Coach", "Oscar Other-Coach")
    const otherClient = await api.clientOf(otherCoach, "Opal Other-Client")
    const saved = await api.saveWorkout(coach, client, "2025-01-06")
    const added = await api.call("POST", "/beta/api/loggedSet", {
      token: client.idToken,
      body: { afterSetId: saved.body[0].id, idempotencyKey: "matrix-set-to-remove-0001" }
    })
    if (added.status !== 200) throw new Error(`addLoggedSet failed: ${added.status} ${JSON.stringify(added.body)}`)
    const invited = await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: RESEND_INVITEE } }
    })
    if (invited.status !== 200) throw new Error(`addClient failed: ${invited.status} ${JSON.stringify(invited.body)}`)
    await api.saveWorkout(coach, client, "2025-01-13")
    await api.saveWorkout(coach, client, "2025-01-20")
    await api.saveWorkout(coach, client, "2025-01-27")
    const template = await api.call("POST", "/beta/api/templates", {
      token: coach.idToken,
      body: { name: "Matrix week", source: { kind: "week", clientId: client.id, from: "2025-01-05" } }
    })
    if (template.status !== 200)
      throw new Error(`saveTemplate failed: ${template.status} ${JSON.stringify(template.body)}`)
    const programTemplate = await api.call("POST", "/beta/api/templates/import", {
      token: coach.idToken,
      body: MATRIX_PROGRAM
    })
    if (programTemplate.status !== 200)
      throw new Error(`importProgram failed: ${programTemplate.status} ${JSON.stringify(programTemplate.body)}`)
    const message = await api.call("POST", `/beta/api/chat/${client.id}/messages`, {
      token: client.idToken,
      body: { id: randomUUID(), body: "the owner's thread" }
    })
    const otherMessage = await api.call("POST", `/beta/api/chat/${otherClient.id}/messages`, {
      token: otherClient.idToken,
      body: { id: randomUUID(), body: "another thread" }
    })
    const comment = await api.call("POST", "/beta/api/comments", {
      token: client.idToken,
      body: { id: randomUUID(), target: { kind: "set", setId: saved.body[0].id }, body: "the owner's comment" }
    })
    // The coach has replied to it, so the owner has a reply to mark read.
    const replied = await api.call("PUT", `/beta/api/comments/${comment.body.id}/reply`, {
      token: coach.idToken,
      body: { body: "the coach's reply" }
    })
    for (const answer of [message, otherMessage, comment, replied]) {
      if (answer.status !== 200) throw new Error(`chat setup failed: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
    const invitee = await api.signupAs("Client", "Ivo Invitee")
    for (const inviter of [coach, otherCoach]) {
      const invited = await api.call("POST", "/beta/api/addClient", {
        token: inviter.idToken,
        body: { data: { coachId: inviter.id, clientEmail: invitee.email } }
      })
      if (invited.status !== 200) throw new Error(`addClient failed: ${invited.status} ${JSON.stringify(invited.body)}`)
    }
    const invitations = (await api.call("GET", "/beta/api/coaching", { token: invitee.idToken })).body
      .invitations as Array<{ invitationId: number; coachEmail: string }>
    const invitationFrom = (inviter: Account): number =>
      invitations.find((one) => one.coachEmail === inviter.email)?.invitationId ?? 0
    const imported = await api.call("POST", "/beta/api/imports/chunk", {
      token: client.idToken,
      body: importChunk("matrix-import-to-undo-0001", "2024-09-09")
    })
    if (imported.status !== 200)
      throw new Error(`importChunk failed: ${imported.status} ${JSON.stringify(imported.body)}`)
    const clip = () =>
      uploadClip(api.server().url, client.idToken, {
        setId: saved.body[0].id,
        bytes: mp4(2_000, 500),
        durationMs: 2_000
      })
    const videoId = await clip()
    const removableVideoId = await clip()
    anyToken = await createEmulatorUser("expired")
    cast = {
      coach,
      client,
      otherCoach,
      otherClient,
      stranger: await createEmulatorUser("stranger"),
      newcomer: await createEmulatorUser("newcomer"),
      setId: saved.body[0].id,
      addedSetId: added.body.id,
      templateId: template.body.id,
      programTemplateId: programTemplate.body.id,
      messageId: message.body.id,
      otherThreadMessageId: otherMessage.body.id,
      commentId: comment.body.id,
      invitee,
      invitationId: invitationFrom(coach),
      otherInvitationId: invitationFrom(otherCoach),
      leaver: await api.clientOf(coach, "Lou Leaver"),
      removed: await api.clientOf(coach, "Rex Removed"),
      importId: imported.body.import_id,
      videoId,
      removableVideoId
    }
  })

  describe("a message id from another thread", () => {
    it("is not found when the owner marks their thread read up to it", async () => {
      const answer = await api.call("PUT", `/beta/api/chat/${cast.client.id}/read`, {
        token: cast.client.idToken,
        body: { messageId: cast.otherThreadMessageId }
      })
      expect(answer).toEqual({ status: 404, body: { error: expect.stringMatching(/^messageId: /) } })
      expect(JSON.stringify(answer.body)).not.toContain("another thread")
    })

    it("is refused (409) as the id of a new message in the owner's thread, and nothing of it shows", async () => {
      for (const sender of [cast.client, cast.coach]) {
        const answer = await api.call("POST", `/beta/api/chat/${cast.client.id}/messages`, {
          token: sender.idToken,
          body: { id: cast.otherThreadMessageId, body: "another thread" }
        })
        expect(answer).toEqual({ status: 409, body: { error: expect.stringMatching(/^id: /), code: "MessageIdTaken" } })
      }
      const thread = await api.call("GET", `/beta/api/chat/${cast.client.id}/messages?limit=100`, {
        token: cast.coach.idToken
      })
      const ids = (thread.body.messages as ReadonlyArray<{ id: string }>).map((message) => message.id)
      expect(ids).not.toContain(cast.otherThreadMessageId)
    })
  })

  describe("the live event stream", () => {
    const open = (token: string | undefined) => openLiveReader(api.server().url, token)

    it("refuses no token, a malformed one and an expired one with 401, and no account with 403", async () => {
      expect((await open(undefined)).status).toBe(401)
      expect((await open("not-a-firebase-token")).status).toBe(401)
      expect((await open(expiredTokenOf(anyToken))).status).toBe(401)
      expect((await open(cast.stranger.idToken)).status).toBe(403)
    })

    it("carries the owner's thread to its two people only: not another coach, not another client", async () => {
      const streams = await Promise.all(
        [cast.client, cast.coach, cast.otherCoach, cast.otherClient].map((person) => open(person.idToken))
      )
      try {
        expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200])
        const sent = await api.call("POST", `/beta/api/chat/${cast.client.id}/messages`, {
          token: cast.coach.idToken,
          body: { id: randomUUID(), body: "for the owner only" }
        })
        const isIt = (event: { data: { type: string; message?: { id: string } } }) =>
          event.data.message?.id === sent.body.id
        await streams[0]?.waitFor(isIt)
        await streams[1]?.waitFor(isIt)
        // A later message in the other thread reaches its people; by then the owner's would have too.
        const later = await api.call("POST", `/beta/api/chat/${cast.otherClient.id}/messages`, {
          token: cast.otherCoach.idToken,
          body: { id: randomUUID(), body: "other thread" }
        })
        const isLater = (event: { data: { type: string; message?: { id: string } } }) =>
          event.data.message?.id === later.body.id
        await streams[2]?.waitFor(isLater)
        await streams[3]?.waitFor(isLater)
        for (const outsider of streams.slice(2)) expect(outsider.events.some(isIt)).toBe(false)
        for (const insider of streams.slice(0, 2)) expect(insider.events.some(isLater)).toBe(false)
      } finally {
        for (const stream of streams) stream.close()
      }
    })
  })

  describe.each(endpoints)("$name", (endpoint) => {
    const send = (token: string | undefined) => {
      const request = endpoint.request(cast)
      return api.call(request.method, request.path, { token, body: request.body })
    }

    it("refuses a call without a token with 401 and an error body", async () => {
      const answer = await send(undefined)
      expect(answer).toEqual({ status: 401, body: { error: expect.stringContaining("Sign in") } })
    })

    it("refuses a malformed token with 401", async () => {
      const answer = await send("not-a-firebase-token")
      expect(answer).toEqual({ status: 401, body: { error: expect.any(String) } })
    })

    it("refuses an expired token with 401 saying so", async () => {
      const answer = await send(expiredTokenOf(anyToken))
      expect(answer).toEqual({ status: 401, body: { error: expect.stringContaining("expired") } })
    })

    const deniedActors = Object.entries(endpoint.expected).filter(([, status]) => status !== 200) as Array<
      [Actor, number]
    >
    it.each(deniedActors)("denies %s with %i and leaks nothing of the owner's data", async (actor, status) => {
      const answer = await send(tokenOf(cast, endpoint, actor))
      expect(answer.status).toBe(status)
      // The message, and for a domain refusal its code (docs/decisions/045-domain-errors.md).
      const { error, code, ...rest } = answer.body as { error?: unknown; code?: unknown }
      expect([typeof error, rest]).toEqual(["string", {}])
      if (code !== undefined) expect(code).toMatch(/^[A-Z][A-Za-z]+$/)
      const text = JSON.stringify(answer.body)
      for (const secret of [cast.client.email, cast.client.name, cast.coach.email, cast.coach.name]) {
        expect(text).not.toContain(secret)
      }
    })

    const allowedOthers = Object.entries(endpoint.expected).filter(([, status]) => status === 200) as Array<
      [Actor, number]
    >
    if (allowedOthers.length > 0) {
      it.each(allowedOthers)("lets %s through", async (actor) => {
        const answer = await send(tokenOf(cast, endpoint, actor))
        expect(answer.status).toBe(200)
      })
    }

    it("serves the owner", async () => {
      const answer = await send(endpoint.owner(cast).idToken)
      expect(answer.status).toBe(endpoint.ownerStatus ?? 200)
    })
  })
})
