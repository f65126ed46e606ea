import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import {
  LOADING_COACHING,
  NO_COACH_YET,
  sameCoaching,
  selectCoaching,
  type CoachingActorRef
} from "#machines/coaching/coaching.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"

/** What ending keeps and what it takes away, said before they confirm. */
export const END_DETAIL = "Your workouts and logs stay yours; your coach can no longer see them or plan for you."

/**
 * The profile's "Your coach" (docs/decisions/033): who coaches them and since when, with
 * End coaching (asked first), or "No coach yet". What shows is the server's last answer.
 */
export function CoachCard({ coaching }: { coaching: CoachingActorRef }) {
  const view = useSelector(coaching, selectCoaching, sameCoaching)
  const cancel = useRef<HTMLButtonElement>(null)
  const asking = view.endQuestion !== null
  useEffect(() => {
    if (asking) cancel.current?.focus()
  }, [asking])
  return (
    <section className="card profile__coach" aria-labelledby="coach-title">
      <h2 id="coach-title">Your coach</h2>
      {view.loading ? <p role="status">{LOADING_COACHING}</p> : null}
      {view.loadError !== null ? (
        <RetryAlert message={view.loadError} onRetry={() => coaching.send({ type: "coaching.retry" })} />
      ) : null}
      {view.notice === null ? null : (
        <p className="profile__notice" role="status">
          {view.notice}
        </p>
      )}
      {view.coach === null ? (
        !view.loading && view.loadError === null ? (
          <>
            <p>{NO_COACH_YET}</p>
            <p className="muted">When a coach invites you, the invitation shows on your dashboard.</p>
          </>
        ) : null
      ) : (
        <>
          <p className="profile__coach-name">{view.coach.name}</p>
          <p className="muted">{view.coach.email}</p>
          <p className="muted">Since {view.coach.since}</p>
          {view.endQuestion !== null ? (
            <div className="profile__end" role="group" aria-label={view.endQuestion}>
              <p className="profile__question">{view.endQuestion}</p>
              <p className="muted">{END_DETAIL}</p>
              <div className="profile__actions">
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => coaching.send({ type: "end.confirm" })}
                >
                  End coaching
                </button>
                <button
                  ref={cancel}
                  type="button"
                  className="button button--quiet"
                  onClick={() => coaching.send({ type: "end.cancel" })}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : view.ending ? (
            <p role="status">Ending coaching…</p>
          ) : view.endFailure !== null ? (
            <RetryAlert
              message={`Coaching was not ended. ${view.endFailure}`}
              onRetry={() => coaching.send({ type: "failure.retry" })}
              onBack={() => coaching.send({ type: "failure.dismiss" })}
            />
          ) : (
            <div className="profile__actions">
              <button
                type="button"
                className="button button--quiet"
                disabled={!view.canEnd}
                onClick={() => coaching.send({ type: "coaching.end" })}
              >
                End coaching
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
