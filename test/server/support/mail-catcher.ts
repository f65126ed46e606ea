import { afterAll, beforeAll } from "vitest"
import { startMailCatcher, type MailCatcher } from "../../../scripts/mail-catcher.ts"

/**
 * A real SMTP catcher for the file's tests, started before the server's hooks when called
 * first in the describe block, so the catcher is up when the server starts.
 */
export function useMailCatcher(): {
  readonly caught: () => MailCatcher
  /** The messages caught for one address, oldest first. */
  readonly mailTo: (address: string) => ReturnType<MailCatcher["messages"]>
} {
  let catcher: MailCatcher | undefined
  beforeAll(async () => {
    catcher = await startMailCatcher()
  })
  afterAll(async () => {
    await catcher?.close()
  })
  const caught = () => {
    if (catcher === undefined) throw new Error("mail catcher not started")
    return catcher
  }
  return {
    caught,
    mailTo: (address) =>
      caught()
        .messages()
        .filter((message) => message.to === address)
  }
}
