// Every text the session shows. SPEC's own strings are verbatim; the rest
// replace failures SPEC only logged: people must see why sign-in failed (docs/decisions/002).

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match"
export const RESET_SENT = "Check your inbox for further instructions"
export const RESET_FAILED = "Error, please check the format and spelling of your email"
export const FILL_EVERY_FIELD = "Please fill in every field."
export const NAME_REQUIRED = "Please enter your name."
export const SIGNUP_UNFINISHED = "We couldn't finish setting up your account. Please try again."
export const LOGOUT_FAILED = "Logging out failed. Please try again."

/** Until the email is verified (docs/decisions/012: a coach only sees a client whose inbox Firebase vouches for). */
export const verifyEmailNotice = (email: string) =>
  `We sent a verification link to ${email}. Open it to verify your email.`
export const COACH_SEES_YOU_ONCE_VERIFIED = "Your coach will see you once your email is verified."
/** The email is verified, but our server has not answered with a token that says so (docs/decisions/037). */
export const CHECKING_VERIFICATION = "Checking your verification…"
export const COACH_SEES_YOU_ONCE_CONFIRMED = "Your coach will see you as soon as it is confirmed."

const some = (count: number, what: string) => `${count} ${what}${count === 1 ? "" : "s"}`

/** Asked before signing out erases logged sets or chat messages not yet sent (docs/decisions/027, 030); -1: not counted. */
export const unsentQuestion = (sets: number, messages = 0) =>
  sets < 0 || messages < 0
    ? "Logged sets or chat messages may not have been sent yet. Signing out deletes them from this device."
    : messages === 0
      ? `${some(sets, "logged set")} ${sets === 1 ? "has" : "have"} not reached your coach yet. Signing out deletes ${sets === 1 ? "it" : "them"} from this device.`
      : `Not yet sent: ${sets > 0 ? `${some(sets, "logged set")} and ` : ""}${some(messages, "chat message")}. Signing out deletes ${sets + messages === 1 ? "it" : "them"} from this device.`
