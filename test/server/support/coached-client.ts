/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- raw JSON answers, read as any API client would */
import { acceptInvitationFrom, call, signupPath, type ApiAnswer } from "./api-under-test.ts"
import { createEmulatorUser, type EmulatorUser } from "./emulator-users.ts"

export interface CoachedClient {
  readonly coachUser: EmulatorUser
  readonly clientUser: EmulatorUser
  readonly coach: ApiAnswer
  readonly client: ApiAnswer
  readonly clientId: number
  /** The answer to saving `workout` for the client on `date`. */
  readonly saved: ApiAnswer
  /** The saved sets' ids, in order. */
  readonly setIds: ReadonlyArray<number>
}

/**
 * Through the API of the server at `url`, as the app would: a coach and a client sign up,
 * the coach invites the client, who accepts, and the coach saves `workout` for them on `date`.
 */
export async function coachedClientWithWorkout(
  url: string,
  options: {
    readonly names: readonly [coach: string, client: string]
    readonly date: string
    readonly workout: unknown
  }
): Promise<CoachedClient> {
  const [coachName, clientName] = options.names
  const coachUser = await createEmulatorUser("coach")
  const clientUser = await createEmulatorUser("client")
  const coach = await call(url, "POST", signupPath(coachUser, coachName, "Coach"), { token: coachUser.idToken })
  const client = await call(url, "POST", signupPath(clientUser, clientName, "Client"), { token: clientUser.idToken })
  await call(url, "POST", "/beta/api/addClient", {
    token: coachUser.idToken,
    body: { data: { coachId: coach.body.id, clientEmail: clientUser.email } }
  })
  await acceptInvitationFrom(url, clientUser, coachUser)
  const saved = await call(url, "POST", "/beta/api/workout", {
    token: coachUser.idToken,
    body: { clientId: client.body.id, date: options.date, workout: options.workout }
  })
  const setIds = saved.status === 200 ? (saved.body as Array<{ id: number }>).map((row) => row.id) : []
  return { coachUser, clientUser, coach, client, clientId: client.body.id, saved, setIds }
}

/** One exercise of `sets` sets, each prescribed `reps` reps. */
export const oneExercise = (name: string, sets: number, reps = 5) => [
  {
    name,
    sets: Array.from({ length: sets }, (_, set) => ({ set, amsap: false, fields: [{ name: "reps", value: reps }] }))
  }
]
