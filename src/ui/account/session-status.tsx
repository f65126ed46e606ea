import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import {
  selectLogoutView,
  selectSessionStatus,
  selectVerificationNotice,
  type SessionActorRef
} from "#machines/session/session.selectors.ts"
import "./account.css"
import { LogoutButton } from "./logout-button.tsx"

/**
 * Shows 'Loading...' while auth is being worked out, a way out when our server does not
 * confirm the sign-in ('Try again' for the network or a fault, 'Sign in again' when it
 * refused the session), and the question before unsent logged sets are erased; otherwise
 * renders its children, below a notice while the signed-in email still needs verifying.
 */
export function SessionStatus({ session, children }: { session: SessionActorRef; children?: ReactNode }) {
  const status = useSelector(session, selectSessionStatus)
  const verification = useSelector(session, selectVerificationNotice)
  const asksBeforeLeaving = useSelector(session, (snapshot) => selectLogoutView(snapshot).question !== null)
  // Log Out may be pressed on a screen without a Log Out of its own (the unreachable view
  // below): the question about unsent sets takes the screen's place, wherever it was asked.
  if (asksBeforeLeaving) {
    return (
      <div className="account-status">
        <LogoutButton session={session} />
      </div>
    )
  }
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
        {status.signInAgain ? (
          // Refused, a new try would be refused too: signing out leads to the Log In form,
          // through the dashboards' Log Out, which asks before unsent logged sets are erased.
          <LogoutButton session={session} label="Sign in again" primary />
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={!status.canRetry}
              onClick={() => session.send({ type: "session.retry" })}
            >
              Try again
            </button>
            {/* The same Log Out as the dashboards': it asks before unsent logged sets are erased. */}
            <LogoutButton session={session} />
          </>
        )}
      </div>
    )
  }
  return (
    <>
      {verification !== null && (
        <section className="account-notice" role="status" aria-label="Verify your email">
          <p>{verification.text}</p>
          {verification.coachNote !== null && <p>{verification.coachNote}</p>}
        </section>
      )}
      {children}
    </>
  )
}
