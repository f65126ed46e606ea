import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useState, type SubmitEvent } from "react"
import { selectForgotPasswordView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { ErrorText, SuccessText, TextField } from "./account-fields.tsx"
import "./account.css"

/** /forgot-password: sends a reset email (docs/product.md). */
export function ForgotPasswordForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectForgotPasswordView)
  const [email, setEmail] = useState("")

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    session.send({ type: "password.reset", email })
  }

  return (
    <form className="account-form" onSubmit={submit} aria-busy={view.busy}>
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <SuccessText message={view.success} />
      <ErrorText error={view.error} />
      <button type="submit" className="button" disabled={view.busy}>
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
