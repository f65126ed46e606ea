import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useId, useState, type SubmitEvent } from "react"
import type { UserType } from "#domain/user.ts"
import { selectSignupView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { ErrorText, TextField } from "./account-fields.tsx"
import { GoogleButton } from "./google-button.tsx"
import "./account.css"

export const COMPLETION_TEXT =
  "Thanks for signing up! We just need the following information to finish setting up your account."

export const USER_TYPE_HINT = "Coaches add clients and build their workouts; clients log the workouts their coach sets."

/** The type decides the whole app the person gets, so the field says what each one is for. */
function UserTypeField({ value, onChange }: { value: UserType; onChange: (value: UserType) => void }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={`${id}-user-type`}>User type</label>
      <select
        id={`${id}-user-type`}
        name="userType"
        aria-describedby={`${id}-user-type-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value === "Coach" ? "Coach" : "Client")}
      >
        <option value="Client">Client</option>
        <option value="Coach">Coach</option>
      </select>
      <span id={`${id}-user-type-hint`} className="account-hint">
        {USER_TYPE_HINT}
      </span>
    </div>
  )
}

/**
 * /signup. After a Google sign-in with no account on our server only name and type
 * are asked, under the completion text (docs/product.md).
 */
export function SignupForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectSignupView)
  return view.mode === "completion" ? <CompletionForm session={session} /> : <FullSignupForm session={session} />
}

function FullSignupForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectSignupView)
  const [userType, setUserType] = useState<UserType>(view.userType)
  const [name, setName] = useState(view.name)
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [confirmation, setConfirmation] = useState("")

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    session.send({ type: "signup.submit", userType, name, email, password, confirmation })
  }

  return (
    <form className="account-form" onSubmit={submit} aria-busy={view.busy}>
      <UserTypeField value={userType} onChange={setUserType} />
      <TextField label="Name" name="name" autoComplete="name" value={name} onChange={setName} />
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <TextField
        label="Password Confirmation"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
      />
      <ErrorText error={view.error} />
      <button type="submit" className="button" disabled={!view.canSubmit}>
        {view.busy && !view.googleBusy ? "Signing up…" : "Sign Up"}
      </button>
      <div className="account-divider">or</div>
      <GoogleButton
        lead="Sign up with"
        busy={view.googleBusy}
        disabled={!view.canUseGoogle}
        onClick={() => session.send({ type: "google.start" })}
      />
      <p className="account-links">
        <span>
          Already have an account? <Link to="/login">Log In</Link>
        </span>
      </p>
    </form>
  )
}

function CompletionForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectSignupView)
  const [userType, setUserType] = useState<UserType>(view.userType)
  const [name, setName] = useState(view.name)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    session.send({ type: "signup.complete", name, userType })
  }

  return (
    <form className="account-form" onSubmit={submit} aria-busy={view.busy}>
      <p>{COMPLETION_TEXT}</p>
      {view.email === "" ? null : <p className="muted">Signed in as {view.email}</p>}
      <UserTypeField value={userType} onChange={setUserType} />
      <TextField label="Name" name="name" autoComplete="name" value={name} onChange={setName} />
      <ErrorText error={view.error} />
      <button type="submit" className="button" disabled={!view.canSubmit}>
        {view.busy ? "Finishing…" : "Finish Sign Up"}
      </button>
      <button
        type="button"
        className="button button--quiet"
        disabled={!view.canLogOut}
        onClick={() => session.send({ type: "logout.request" })}
      >
        Use a different account
      </button>
    </form>
  )
}
