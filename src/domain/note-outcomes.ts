/*
 * What a note handed to the lifter's outbox comes to before the server holds it
 * (docs/decisions/041): kept on the device to be sent when the network is back, or refused
 * by the server. The composer shows the first as "Not sent yet", the second in the server's words.
 */

/** The note waits in the outbox (offline, or the server could not be reached): it is kept, not sent. */
export class NoteKeptForLater extends Error {
  readonly _tag = "NoteKeptForLater" as const
  constructor() {
    super("The note is kept on this device until the network is back")
  }
}

/** The server refused the note; `error` is its reason, as the person reads it. */
export class NoteRefused extends Error {
  readonly _tag = "NoteRefused" as const
  constructor(readonly error: string) {
    super(error)
  }
}

/** True for a note the outbox keeps for later. */
export const isKeptForLater = (error: unknown): boolean => error instanceof NoteKeptForLater
