import type { ChatMessage, MessagePage, ReadMark } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"

export interface ChatContext {
  /** the thread: its client */
  readonly clientId: UserId
  /** who is reading: the client, or their coach */
  readonly me: UserId
  /** the thread's messages known here, oldest first (by the server's seq), each once */
  readonly messages: ReadonlyArray<ChatMessage>
  /** the cursor of the next older page; null once the first message is here */
  readonly before: number | null
  /** why the thread or an older page did not load */
  readonly failure: string | null
  /** how far the other person has read (the thread's read says it; their read marks while it is open move it) */
  readonly theirReadSeq: number
  /** how far I have marked the thread read */
  readonly myReadSeq: number
  /** the page is in view (document.visibilityState): only then is anything marked read */
  readonly visible: boolean
  /** the composer's text */
  readonly draft: string
  /** why the draft was not sent (the same rules as the server's) */
  readonly draftProblem: string | null
}

export interface ChatInput {
  readonly clientId: UserId
  readonly me: UserId
  readonly visible: boolean
}

export type ChatEvent =
  | { readonly type: "thread.retry" }
  /** the live stream is open again after a drop (or opened after the first page was read) */
  | { readonly type: "thread.refresh" }
  | { readonly type: "older.load" }
  | { readonly type: "message.received"; readonly message: ChatMessage }
  | { readonly type: "read.received"; readonly mark: ReadMark }
  | { readonly type: "page.visible" }
  | { readonly type: "page.hidden" }
  | { readonly type: "draft.change"; readonly text: string }
  | { readonly type: "draft.send" }

export interface PageInput {
  readonly clientId: UserId
  readonly before?: number
}

export type { MessagePage }
