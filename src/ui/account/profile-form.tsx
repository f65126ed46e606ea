import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useId, useState, type SubmitEvent } from "react"
import { selectProfileView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { ErrorText, SuccessText, TextField } from "./account-fields.tsx"
import "./account.css"

/**
 * /coach/profile: email, new password and confirmation. A blank password keeps the
 * old one; the email changes only if it differs (docs/product.md).
 */
export function ProfileForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectProfileView)
  const [email, setEmail] = useState(view.email)
  const [password, setPassword] = useState("")
  const [confirmation, setConfirmation] = useState("")
  const id = useId()

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    session.send({ type: "profile.update", email, password, confirmation })
  }

  return (
    <form className="account-form" onSubmit={submit} aria-busy={view.busy}>
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <div className="field">
        <label htmlFor={`${id}-password`}>New password</label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby={`${id}-password-hint`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span id={`${id}-password-hint`} className="account-hint">
          Leave blank to keep the same password
        </span>
      </div>
      <TextField
        label="Password Confirmation"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required={false}
        value={confirmation}
        onChange={setConfirmation}
      />
      <ErrorText error={view.error} />
      <SuccessText message={view.saved ? "Profile updated" : null} />
      <div className="account-actions">
        <Link to={view.dashboardPath} className="button button--quiet">
          Cancel
        </Link>
        <button type="submit" className="button" disabled={!view.canUpdate}>
          {view.busy ? "Updating…" : "Update"}
        </button>
      </div>
    </form>
  )
}
