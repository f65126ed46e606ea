import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { ChatMessage, MessageId } from "#domain/chat.ts"
import type { ChatMachine } from "./chat.machine.ts"

export type ChatSnapshot = SnapshotFrom<ChatMachine>
export type ChatActorRef = ActorRefFrom<ChatMachine>

export interface ShownMessage {
  readonly id: MessageId
  readonly body: string
  readonly createdAt: string
  readonly mine: boolean
  /** the other person has read up to this one, my last such message */
  readonly read: boolean
}

export interface ChatThreadView {
  readonly status: "loading" | "failed" | "unavailable" | "showing"
  readonly failure: string | null
  /** oldest first */
  readonly messages: ReadonlyArray<ShownMessage>
  readonly older: "more" | "loading" | "failed" | "start" | "none"
}

const olderOf = (snapshot: ChatSnapshot): ChatThreadView["older"] => {
  if (snapshot.matches({ showing: { history: "loadingOlder" } })) return "loading"
  if (snapshot.matches({ showing: { history: "olderFailed" } })) return "failed"
  if (snapshot.matches({ showing: { history: "start" } })) return "start"
  if (snapshot.matches({ showing: { history: "more" } })) return "more"
  return "none"
}

const lastReadOfMine = (messages: ReadonlyArray<ChatMessage>, me: ChatMessage["senderId"], readSeq: number) =>
  messages.findLast((message) => message.senderId === me && message.seq <= readSeq)?.id

export const selectThread = (snapshot: ChatSnapshot): ChatThreadView => {
  const { messages, me, theirReadSeq, failure } = snapshot.context
  const read = lastReadOfMine(messages, me, theirReadSeq)
  const status = snapshot.matches("loading")
    ? "loading"
    : snapshot.matches("failed")
      ? "failed"
      : snapshot.matches("unavailable")
        ? "unavailable"
        : "showing"
  return {
    status,
    failure: status === "failed" || snapshot.matches({ showing: { history: "olderFailed" } }) ? failure : null,
    messages: messages.map((message) => ({
      id: message.id,
      body: message.body,
      createdAt: message.createdAt,
      mine: message.senderId === me,
      read: message.id === read
    })),
    older: olderOf(snapshot)
  }
}

export interface ComposerView {
  readonly draft: string
  readonly problem: string | null
  /** no thread to write to */
  readonly hidden: boolean
}

export const selectComposer = (snapshot: ChatSnapshot): ComposerView => ({
  draft: snapshot.context.draft,
  problem: snapshot.context.draftProblem,
  hidden: snapshot.matches("unavailable")
})
