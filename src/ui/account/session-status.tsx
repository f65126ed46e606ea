import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import {
  selectSessionStatus,
  selectVerificationNotice,
  type SessionActorRef
} from "#machines/session/session.selectors.ts"
import "./account.css"

/**
 * Shows 'Loading...' while auth is being worked out, and a way out when our server
 * cannot be reached after sign-in; otherwise renders its children, below a notice while
 * the signed-in email still needs verifying.
 */
export function SessionStatus({ session, children }: { session: SessionActorRef; children?: ReactNode }) {
  const status = useSelector(session, selectSessionStatus)
  const verification = useSelector(session, selectVerificationNotice)
  if (status.loading) {
    return (
      <p className="account-status" role="status">
        Loading...
      </p>
    )
  }
  if (status.unreachable !== null) {
    return (
      <div className="account-status account-form">
        <p className="account-error" role="alert">
          {status.unreachable}
        </p>
        <button
          type="button"
          className="button"
          disabled={!status.canRetry}
          onClick={() => session.send({ type: "session.retry" })}
        >
          Try again
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={!status.canLogOut}
          onClick={() => session.send({ type: "logout.request" })}
        >
          Log Out
        </button>
      </div>
    )
  }
  return (
    <>
      {verification !== null && (
        <section className="account-notice" role="status" aria-label="Verify your email">
          <p>{verification.text}</p>
          {verification.coachNote !== null && <p>{verification.coachNote}</p>}
          {verification.confirming && <p>Email verified. Updating your account…</p>}
        </section>
      )}
      {children}
    </>
  )
}
