import { characterCount, hasOnlyWritableCharacters, MESSAGE_MAX_CHARACTERS, saysSomething } from "#domain/chat.ts"

/*
 * The server's rules for written text (#domain/chat.ts writtenText), checked before a note
 * or a reply is sent, with the server's messages naming what the person wrote.
 */

/** What is wrong with `text` as a `what` ("note", "reply"); null when it may be sent. */
export const textProblem = (text: string, what: string): string | null => {
  if (!saysSomething(text)) return `The ${what} must not be empty`
  if (characterCount(text) > MESSAGE_MAX_CHARACTERS)
    return `The ${what} must be at most ${MESSAGE_MAX_CHARACTERS} characters`
  if (!hasOnlyWritableCharacters(text))
    return `The ${what} must not contain control characters other than newline and tab`
  return null
}

/** "12 / 2000": shown once the text is long enough to matter. */
export const characterCountText = (text: string): string | null => {
  const count = characterCount(text)
  return count >= MESSAGE_MAX_CHARACTERS - 200 ? `${count} / ${MESSAGE_MAX_CHARACTERS}` : null
}
