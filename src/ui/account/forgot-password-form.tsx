import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useState, type SubmitEvent } from "react"
import { selectForgotPasswordView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import "./account.css"

/** /forgot-password: sends a reset email (SPEC sections 2 and 8). */
export function ForgotPasswordForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectForgotPasswordView)
  const [email, setEmail] = useState("")

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    session.send({ type: "password.reset", email })
  }

  return (
    <form className="account-form" onSubmit={submit} aria-busy={view.busy}>
      <label className="account-field">
        Email
        <input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {view.success === null ? null : (
        <p className="account-success" role="status">
          {view.success}
        </p>
      )}
      {view.error === null ? null : (
        <p className="account-error" role="alert">
          {view.error}
        </p>
      )}
      <button type="submit" className="account-button" disabled={view.busy}>
        {view.busy ? "Sending…" : "Reset Password"}
      </button>
      <div className="account-links">
        <Link to="/login">Log In</Link>
        <p>
          Need an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </form>
  )
}
