import { afterAll, beforeAll } from "vitest"
import { startMailCatcher, type MailCatcher } from "../../../scripts/mail-catcher.ts"

/**
 * A real SMTP catcher for the file's tests, started before the server's hooks when called
 * first in the describe block, so the catcher is up when the server starts. Returns the
 * catcher once it is.
 */
export function useMailCatcher(): () => MailCatcher {
  let catcher: MailCatcher | undefined
  beforeAll(async () => {
    catcher = await startMailCatcher()
  })
  afterAll(async () => {
    await catcher?.close()
  })
  return () => {
    if (catcher === undefined) throw new Error("mail catcher not started")
    return catcher
  }
}
