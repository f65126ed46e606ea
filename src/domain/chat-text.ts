import {
  characterCount,
  hasOnlyWritableCharacters,
  MESSAGE_MAX_CHARACTERS,
  saysSomething,
  type ChatMessage
} from "#domain/chat.ts"

/*
 * Pure helpers of the chat machine: the composer's rules (the server's, #domain/chat.ts
 * writtenText, in its words) and merging what the pages, the live stream and the outbox
 * bring into one list.
 */

/** Why the server would refuse this text, in its words, or null when it would take it. */
export const messageProblem = (text: string): string | null => {
  if (!saysSomething(text)) return "Message must not be empty"
  const count = characterCount(text)
  if (count > MESSAGE_MAX_CHARACTERS)
    return `Message must be at most ${MESSAGE_MAX_CHARACTERS} characters (this one has ${count})`
  if (!hasOnlyWritableCharacters(text)) return "Message must not contain control characters other than newline and tab"
  return null
}

/** `known` and `more` as one list, oldest first, each message once (by id). */
export const mergeMessages = (
  known: ReadonlyArray<ChatMessage>,
  more: ReadonlyArray<ChatMessage>
): ReadonlyArray<ChatMessage> => {
  const ids = new Set(known.map((message) => message.id))
  const added = more.filter((message) => !ids.has(message.id) && (ids.add(message.id), true))
  if (added.length === 0) return known
  return [...known, ...added].sort((a, b) => a.seq - b.seq)
}

/** The newest message the other person wrote, if any. */
export const newestFrom = (messages: ReadonlyArray<ChatMessage>, notMe: ChatMessage["senderId"]) =>
  messages.findLast((message) => message.senderId !== notMe)
