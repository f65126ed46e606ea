import type { UserType } from "#domain/user.ts"
import { FILL_EVERY_FIELD, NAME_REQUIRED, PASSWORDS_DO_NOT_MATCH } from "./session.messages.ts"
import type { MessageScope, ProfileFields, SignupFields } from "./session.types.ts"

// What a submitted form does, branch by branch: validation first (SPEC section 5),
// then the call. Kept beside the machine so its file reads as the lifecycle.

type Submitted<T> = { readonly event: T }
const withEvent = <T>({ event }: Submitted<T>): T => event

const show = (scope: MessageScope, text: string) => ({ type: "showMessage" as const, params: { scope, text } })

/** Signup: every field required, passwords must match, then the identity service creates the account. */
export const submitSignup = [
  {
    guard: { type: "signupIncomplete" as const, params: withEvent<SignupFields> },
    target: ".idle",
    actions: show("signup", FILL_EVERY_FIELD)
  },
  {
    guard: { type: "passwordsDiffer" as const, params: withEvent<SignupFields> },
    target: ".idle",
    actions: show("signup", PASSWORDS_DO_NOT_MATCH)
  },
  {
    target: "#session.creatingAccount",
    actions: ["clearMessage" as const, { type: "holdSignup" as const, params: withEvent<SignupFields> }]
  }
]

/** Google-completion signup needs only the name (SPEC section 5). */
export const completeSignup = [
  {
    guard: { type: "nameMissing" as const, params: withEvent<{ name: string }> },
    actions: show("completion", NAME_REQUIRED)
  },
  {
    target: "#session.registering",
    actions: [
      "clearMessage" as const,
      { type: "holdSignup" as const, params: withEvent<{ name: string; userType: UserType }> }
    ]
  }
]

/** Profile: passwords must match; the email changes only if different, the password only if given. */
export const updateProfile = [
  {
    guard: { type: "passwordsDiffer" as const, params: withEvent<ProfileFields> },
    target: ".idle",
    actions: show("profile", PASSWORDS_DO_NOT_MATCH)
  },
  {
    guard: { type: "emailChanged" as const, params: withEvent<ProfileFields> },
    target: ".updatingEmail",
    actions: ["clearMessage" as const, { type: "holdProfileDraft" as const, params: withEvent<ProfileFields> }]
  },
  {
    guard: { type: "passwordGiven" as const, params: withEvent<ProfileFields> },
    target: ".updatingPassword",
    actions: ["clearMessage" as const, { type: "holdProfileDraft" as const, params: withEvent<ProfileFields> }]
  },
  { target: ".profileSaved", actions: "clearMessage" as const }
]
