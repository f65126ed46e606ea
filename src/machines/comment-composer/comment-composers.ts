import { createActor } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import { onBackOnline } from "#device/network.ts"
import { commentComposerImplementations, type ComposerPorts } from "./comment-composer.actors.ts"
import { commentComposerMachine, type Delivery } from "./comment-composer.machine.ts"
import type { ComposerActorRef } from "./comment-composer.selectors.ts"

/**
 * The composers of one screen, one per thing written on (a set, a workout, a comment
 * replied to), made on first use. They are not stopped when the screen goes: a note
 * waiting for the network is still sent when it returns.
 */
export interface CommentComposers {
  readonly composerFor: (key: string) => ComposerActorRef
}

export function commentComposers(options: {
  /** "note" or "reply" */
  readonly what: string
  /** How the text written on `key` reaches the server. */
  readonly deliverFor: (key: string) => (delivery: Delivery) => Promise<WorkoutComment>
  readonly delivered: (comment: WorkoutComment) => void
  /** What tells a waiting composer to try again: the browser's `online` unless given. */
  readonly watchOnline?: ComposerPorts["watchOnline"] | undefined
}): CommentComposers {
  const composers = new Map<string, ComposerActorRef>()
  return {
    composerFor: (key) => {
      const kept = composers.get(key)
      if (kept !== undefined) return kept
      const machine = commentComposerMachine.provide(
        commentComposerImplementations({
          deliver: options.deliverFor(key),
          delivered: options.delivered,
          watchOnline: options.watchOnline ?? onBackOnline
        })
      )
      const composer = createActor(machine, { input: { what: options.what } }).start()
      composers.set(key, composer)
      return composer
    }
  }
}
