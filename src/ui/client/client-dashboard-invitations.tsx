import { useSelector } from "@xstate/react"
import {
  INVITATIONS_ONCE_VERIFIED,
  sameCoaching,
  selectCoaching,
  type CoachingActorRef,
  type InvitationView
} from "#machines/coaching/coaching.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./client-dashboard.css"

function Invitation({ invitation, coaching }: { invitation: InvitationView; coaching: CoachingActorRef }) {
  const { invitationId, busy, failure } = invitation
  return (
    <li className="invitation">
      <p>{invitation.text}</p>
      {busy !== null ? <p role="status">{busy === "accepting" ? "Accepting…" : "Declining…"}</p> : null}
      {failure !== null ? (
        <RetryAlert
          message={`${failure.title} ${failure.reason}`}
          onRetry={() => coaching.send({ type: "failure.retry" })}
          onBack={() => coaching.send({ type: "failure.dismiss" })}
        />
      ) : (
        <div className="invitation__actions">
          <button
            type="button"
            className="button"
            disabled={!invitation.canAnswer}
            aria-label={`Accept ${invitation.coachName}'s invitation`}
            onClick={() => coaching.send({ type: "invitation.accept", invitationId })}
          >
            Accept
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={!invitation.canAnswer}
            aria-label={`Decline ${invitation.coachName}'s invitation`}
            onClick={() => coaching.send({ type: "invitation.decline", invitationId })}
          >
            Decline
          </button>
        </div>
      )}
    </li>
  )
}

/**
 * The client dashboard's "Invitations" (docs/decisions/033): every open invitation, oldest
 * first, each with Accept and Decline; what the server did with the last answer; and, while
 * the server has not seen the email verified, why none can show. Nothing shows while the
 * read is under way or when there is nothing to answer. `verifyNoticeShown`: the session's
 * own notice already asks to verify the email, so this panel does not say it twice.
 */
export function InvitationsPanel({
  coaching,
  verifyNoticeShown
}: {
  coaching: CoachingActorRef
  verifyNoticeShown: boolean
}) {
  const view = useSelector(coaching, selectCoaching, sameCoaching)
  if (view.loadError !== null) {
    return (
      <section className="card invitations" aria-labelledby="invitations-title">
        <h2 id="invitations-title">Invitations</h2>
        <div className="retry-alert" role="alert">
          <p>We couldn't check for invitations from coaches. {view.loadError}</p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => coaching.send({ type: "coaching.retry" })}
          >
            Try again
          </button>
        </div>
      </section>
    )
  }
  const unverified = view.emailVerified === false && !verifyNoticeShown
  if (view.invitations.length === 0 && view.notice === null && !unverified) return null
  return (
    <section className="card invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      {view.notice === null ? null : (
        <p className="invitations__notice" role="status">
          {view.notice}
        </p>
      )}
      {unverified ? <p className="muted">{INVITATIONS_ONCE_VERIFIED}</p> : null}
      {view.invitations.length === 0 ? null : (
        <ul className="invitations__list" aria-label="Open invitations">
          {view.invitations.map((invitation) => (
            <Invitation key={invitation.invitationId} invitation={invitation} coaching={coaching} />
          ))}
        </ul>
      )}
    </section>
  )
}
