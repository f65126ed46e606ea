// The busy evening's Firebase accounts on the Auth emulator (scripts/bench-evening.ts):
// created in bulk (Admin SDK importUsers, 1,000 a call) rather than signed up one by one,
// and each given an ID token minted in the emulator's own format: a real sign-in's token
// with another account's uid and email in it. The emulator signs nothing, so the server
// checks these exactly as it checks the app's: firebase-admin's verifyIdToken, which on the
// emulator also asks for the account (it must exist and be enabled), through
// server/auth/token-verifier.ts unchanged.
import { deleteApp, initializeApp, type App } from "firebase-admin/app"
import { getAuth } from "firebase-admin/auth"
import { FIREBASE_PROJECT_ID } from "#server/auth/token-verifier.ts"
import type { EveningPerson } from "./bench-evening-seed.ts"
import { emulatorSignIn } from "./seed.ts"

export interface EveningAccounts {
  readonly coaches: ReadonlyArray<EveningPerson>
  readonly lifters: ReadonlyArray<EveningPerson>
  /** A person's ID token, for the Authorization header. */
  readonly tokenOf: (person: EveningPerson) => string
  /** Removes every account made here from the emulator (it is shared with other runs). */
  readonly remove: () => Promise<void>
}

const BATCH = 1000
/** The emulator's tokens last an hour, as Firebase's do; the run is far shorter. */
const TOKEN_SECONDS = 3600

const projectId = () => process.env.GCLOUD_PROJECT ?? FIREBASE_PROJECT_ID

const batches = <T>(items: ReadonlyArray<T>): Array<ReadonlyArray<T>> =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH))

const decodePart = (part: string | undefined): Record<string, unknown> =>
  JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as Record<string, unknown>
const encodePart = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url")

export async function createEveningAccounts(options: {
  readonly stamp: string
  readonly coaches: number
  readonly lifters: number
}): Promise<EveningAccounts> {
  const person = (kind: "c" | "l", i: number): EveningPerson => ({
    uid: `evening-${options.stamp}-${kind}${i}`,
    email: `evening-${options.stamp}-${kind}${i}@bench.dev`
  })
  const coaches = Array.from({ length: options.coaches }, (_, i) => person("c", i))
  const lifters = Array.from({ length: options.lifters }, (_, i) => person("l", i))
  const app: App = initializeApp({ projectId: projectId() }, `bench-evening-${options.stamp}`)
  const auth = getAuth(app)
  const everyone = [...coaches, ...lifters]
  for (const batch of batches(everyone)) {
    const result = await auth.importUsers(batch.map(({ uid, email }) => ({ uid, email, emailVerified: true })))
    if (result.failureCount > 0) {
      throw new Error(`the Auth emulator refused ${result.failureCount} accounts: ${result.errors[0]?.error.message}`)
    }
  }
  // One real sign-in gives the emulator's token shape; the others are that token with their own identity.
  const template = await emulatorSignIn(`evening-${options.stamp}-template@bench.dev`, "bench-password")
  const [header] = template.idToken.split(".")
  const claims = decodePart(template.idToken.split(".")[1])
  // Signed in now: after the accounts were made, so no token predates its account's sessions.
  const now = Math.floor(Date.now() / 1000)
  const tokens = new Map<string, string>()
  for (const { uid, email } of everyone) {
    const payload = {
      ...claims,
      aud: projectId(),
      iss: `https://securetoken.google.com/${projectId()}`,
      sub: uid,
      user_id: uid,
      email,
      email_verified: true,
      auth_time: now,
      iat: now,
      exp: now + TOKEN_SECONDS,
      firebase: { identities: { email: [email] }, sign_in_provider: "password" }
    }
    tokens.set(uid, `${header}.${encodePart(payload)}.`)
  }
  return {
    coaches,
    lifters,
    tokenOf: (who) => {
      const token = tokens.get(who.uid)
      if (token === undefined) throw new Error(`no token for ${who.uid}`)
      return token
    },
    remove: async () => {
      for (const batch of batches([...everyone.map(({ uid }) => uid), template.uid])) {
        await auth.deleteUsers([...batch])
      }
      await deleteApp(app)
    }
  }
}
