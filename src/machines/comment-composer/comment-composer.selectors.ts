import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { CommentComposerMachine } from "./comment-composer.machine.ts"
import { characterCountText } from "#domain/comment-text.ts"

export type ComposerSnapshot = SnapshotFrom<CommentComposerMachine>
export type ComposerActorRef = ActorRefFrom<CommentComposerMachine>

export const SENDING = "Sending…"
export const NOT_SENT_YET = "Not sent yet — will send when you're online."

export interface ComposerView {
  readonly status: "closed" | "editing" | "sending" | "waiting" | "failed" | "sent"
  /** The text field is shown (and editable while not sending). */
  readonly open: boolean
  readonly editable: boolean
  readonly text: string
  /** Why the text cannot be sent yet. */
  readonly problem: string | null
  /** "Sending…", the offline note, the server's refusal, or "Sent". */
  readonly statusText: string | null
  readonly countText: string | null
  readonly canRetry: boolean
  readonly canCancel: boolean
  /** The note's id while it is handed over and not yet stored: its outbox entry shows here, not twice. */
  readonly noteId: string | null
}

const statusOf = (snapshot: ComposerSnapshot): ComposerView["status"] => {
  for (const status of ["editing", "sending", "waiting", "failed", "sent"] as const) {
    if (snapshot.matches(status)) return status
  }
  return "closed"
}

export const selectComposer = (snapshot: ComposerSnapshot): ComposerView => {
  const status = statusOf(snapshot)
  const { text, problem, failure, what } = snapshot.context
  const statusText =
    status === "sending"
      ? SENDING
      : status === "waiting"
        ? NOT_SENT_YET
        : status === "failed"
          ? failure
          : status === "sent"
            ? `Your ${what} was sent.`
            : null
  return {
    status,
    open: status !== "closed" && status !== "sent",
    editable: status === "editing" || status === "failed",
    text,
    problem: status === "editing" ? problem : null,
    statusText,
    countText: characterCountText(text),
    canRetry: snapshot.can({ type: "note.retry" }),
    canCancel: snapshot.can({ type: "note.cancel" }),
    noteId: status === "sending" || status === "waiting" || status === "failed" ? snapshot.context.id : null
  }
}

export const sameComposer = (a: ComposerView, b: ComposerView): boolean =>
  a.status === b.status &&
  a.text === b.text &&
  a.problem === b.problem &&
  a.statusText === b.statusText &&
  a.countText === b.countText &&
  a.noteId === b.noteId
