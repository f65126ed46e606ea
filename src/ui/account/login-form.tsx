import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useState, type SubmitEvent } from "react"
import { selectLoginView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { ErrorText, TextField } from "./account-fields.tsx"
import { GoogleButton } from "./google-button.tsx"
import "./account.css"

/** / and /login: Google or email and password (docs/product.md). */
export function LoginForm({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectLoginView)
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    session.send({ type: "login.submit", email, password })
  }

  return (
    <form className="account-form" onSubmit={submit} aria-busy={view.busy}>
      <GoogleButton
        busy={view.googleBusy}
        disabled={!view.canUseGoogle}
        onClick={() => session.send({ type: "google.start" })}
      />
      <div className="account-divider">or</div>
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <ErrorText error={view.error} />
      <button type="submit" className="button" disabled={!view.canLogIn}>
        {view.emailBusy ? "Logging in…" : "Log In"}
      </button>
      <div className="account-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <p>
          Need an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </form>
  )
}
