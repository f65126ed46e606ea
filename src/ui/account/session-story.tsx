import { useActorRef } from "@xstate/react"
import type { ReactNode } from "react"
import { sessionUserFromRecord, sessionUserNeedingSignup } from "#domain/session-user.ts"
import type { SignInMethod, UserRecord } from "#domain/user.ts"
import { coachRecord, newcomerIdentity, storyActors } from "#machines/session/session.fixtures.ts"
import { sessionMachine } from "#machines/session/session.machine.ts"
import type { SessionActorRef } from "#machines/session/session.selectors.ts"
import { initialSessionContext, type SessionContext } from "#machines/session/session.types.ts"
import { registerStoryActor, toStateValue } from "#ui/story-actors.ts"

// Stories seed the session machine in one state (DESIGN section 4) with actors that
// never answer, so what a story shows stays put until someone clicks. The actor is
// registered (#ui/story-actors.ts) for the check that the story shows the state it declares.

const storyMachine = sessionMachine.provide({ actors: storyActors })

export interface SeedArgs {
  /** Dot path of the leaf state, the same as the story's parameters.machineState. */
  readonly state: string
  readonly context?: Partial<SessionContext>
}

export function SeededSession({
  state,
  context,
  children
}: SeedArgs & { children: (session: SessionActorRef) => ReactNode }) {
  const session = useActorRef(storyMachine, {
    input: { useRedirect: false },
    snapshot: storyMachine.resolveState({
      value: toStateValue(state),
      context: { ...initialSessionContext(), ...context }
    })
  })
  registerStoryActor(storyMachine, session)
  return <>{children(session)}</>
}

/** A story for one machine state: args seed it, parameters declare it (docs/decisions/001). */
export const inState = (state: string, context?: Partial<SessionContext>) => ({
  args: context === undefined ? { state } : { state, context },
  parameters: { machineState: state }
})

export const signedInAs = (
  record: UserRecord = coachRecord,
  method: SignInMethod = "email"
): Partial<SessionContext> => ({
  user: sessionUserFromRecord(record, method)
})

export const awaitingSignup = (method: SignInMethod = "google popup"): Partial<SessionContext> => ({
  user: sessionUserNeedingSignup(newcomerIdentity.email, newcomerIdentity.uid, method)
})
