// Every text the session shows. SPEC.md section 8 strings are verbatim; the rest
// replace failures SPEC only logs (issue 4: people must see why sign-in failed).

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match"
export const RESET_SENT = "Check your inbox for further instructions"
export const RESET_FAILED = "Error, please check the format and spelling of your email"
export const FILL_EVERY_FIELD = "Please fill in every field."
export const NAME_REQUIRED = "Please enter your name."
export const SIGNUP_UNFINISHED = "We couldn't finish setting up your account. Please try again."
export const LOGOUT_FAILED = "Logging out failed. Please try again."

/** Until the email is verified (issue 12: a coach only sees a client whose inbox Firebase vouches for). */
export const verifyEmailNotice = (email: string) =>
  `We sent a verification link to ${email}. Open it to verify your email.`
export const COACH_SEES_YOU_ONCE_VERIFIED = "Your coach will see you once your email is verified."

/** Asked before signing out erases logged sets the outbox still holds (docs/decisions/027); -1: not counted. */
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** Asked before signing out erases what has not reached the server (-1: could not be counted). */
export const unsentQuestion = (sets: number, messages: number = 0) => {
  if (sets < 0 || messages < 0)
    return "Logged sets or chat messages may not have been sent yet. Signing out deletes them from this device."
  if (messages === 0)
    return `${counted(sets, "logged set has", "logged sets have")} not reached your coach yet. Signing out deletes ${sets === 1 ? "it" : "them"} from this device.`
  const what =
    sets === 0
      ? counted(messages, "chat message has", "chat messages have")
      : `${counted(sets, "logged set", "logged sets")} and ${counted(messages, "chat message", "chat messages")} have`
  return `${what} not been sent yet. Signing out deletes ${sets + messages === 1 ? "it" : "them"} from this device.`
}
