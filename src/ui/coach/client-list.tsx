import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useRef, type RefObject } from "react"
import {
  DECLINED,
  DECLINED_DETAIL,
  INVITATION_PENDING,
  RESEND_INVITATION,
  sameClientList,
  selectClientList,
  WAITING_FOR_ANSWER,
  type ClientEntryView,
  type CoachClientsActorRef,
  type RemovalView,
  type ResendView
} from "#machines/coach-clients/coach-clients.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./client-list.css"

/** A removal or a resend that was not done: what and why, then Try again (focused) or Back. */
function NotDonePanel({
  view,
  retry,
  dismiss,
  focus
}: {
  view: { readonly message: string; readonly reason: string }
  retry: () => void
  dismiss: () => void
  focus: RefObject<HTMLButtonElement | null>
}) {
  return (
    <div className="coach-stack client-removal" role="alert">
      <p className="coach-error">{view.message}</p>
      <p className="coach-row-detail">{view.reason}</p>
      <div className="coach-actions">
        <button ref={focus} type="button" className="button" onClick={retry}>
          Try again
        </button>
        <button type="button" className="button button--quiet" onClick={dismiss}>
          Back
        </button>
      </div>
    </div>
  )
}

/**
 * In the entry being removed, under it: the question (a linked client), "Ending coaching…",
 * or why it was not done with a retry. The keyboard lands on Cancel, then on Try again.
 */
function RemovalPanel({
  view,
  clients
}: {
  view: Exclude<RemovalView, { kind: "removed" }>
  clients: CoachClientsActorRef
}) {
  const focus = useRef<HTMLButtonElement>(null)
  useEffect(() => focus.current?.focus(), [view.kind])
  if (view.kind === "removing") return <p role="status">{view.message}</p>
  if (view.kind === "confirming") {
    return (
      <div className="coach-stack client-removal" role="group" aria-label={view.question}>
        <p className="coach-row-title">{view.question}</p>
        <p className="coach-row-detail">{view.detail}</p>
        <div className="coach-actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => clients.send({ type: "removal.confirm" })}
          >
            End coaching
          </button>
          <button
            ref={focus}
            type="button"
            className="button button--quiet"
            onClick={() => clients.send({ type: "removal.cancel" })}
          >
            Cancel
          </button>
        </div>
      </div>
    )
  }
  return (
    <NotDonePanel
      view={view}
      retry={() => clients.send({ type: "removal.retry" })}
      dismiss={() => clients.send({ type: "removal.dismiss" })}
      focus={focus}
    />
  )
}

/**
 * In the invitation being sent again, under it: "Sending the invitation again…", or why it
 * was not sent (the server's words: a resend too soon says when) with a retry.
 */
function ResendPanel({
  view,
  clients
}: {
  view: Exclude<ResendView, { kind: "resent" }>
  clients: CoachClientsActorRef
}) {
  const focus = useRef<HTMLButtonElement>(null)
  useEffect(() => focus.current?.focus(), [view.kind])
  if (view.kind === "resending") return <p role="status">{view.message}</p>
  return (
    <NotDonePanel
      view={view}
      retry={() => clients.send({ type: "resend.retry" })}
      dismiss={() => clients.send({ type: "resend.dismiss" })}
      focus={focus}
    />
  )
}

function EntryTitle({ client }: { client: ClientEntryView }) {
  // Only a linked client has a calendar the coach may open.
  if (client.status !== "linked") return <span className="coach-row-title">{client.name}</span>
  return (
    <Link className="coach-row-title" to="/coach/calendar" search={{ client: Number(client.key) }}>
      {client.name}
    </Link>
  )
}

/**
 * The coach's clients and invitations (docs/decisions/033): a linked client links to their
 * calendar and can be let go ("End coaching", asked first); an invitation reads "Invitation
 * pending" until the person answers, or "Declined", and can be withdrawn; an open one's
 * email can be sent again ("Resend invitation").
 */
export function ClientList({ clients: actor }: { clients: CoachClientsActorRef }) {
  const view = useSelector(actor, selectClientList, sameClientList)
  if (view.loading) return <p role="status">Loading clients…</p>
  if (view.loadError !== null) {
    return <RetryAlert message={view.loadError} onRetry={() => actor.send({ type: "clients.retry" })} />
  }
  const { removal, resend } = view
  return (
    <>
      {view.clients.length === 0 ? (
        <p className="muted">No clients yet! Add some to get started!</p>
      ) : (
        <ul className="coach-list" aria-label="Clients">
          {view.clients.map((client) => (
            <li key={client.key} className="coach-row client-entry">
              <span className="coach-row-main">
                <EntryTitle client={client} />
                {client.status === "pending" ? <span className="coach-row-detail">{WAITING_FOR_ANSWER}</span> : null}
                {client.status === "declined" ? <span className="coach-row-detail">{DECLINED_DETAIL}</span> : null}
              </span>
              {client.status === "pending" ? <span className="coach-badge">{INVITATION_PENDING}</span> : null}
              {client.status === "declined" ? <span className="coach-badge">{DECLINED}</span> : null}
              {client.resendable ? (
                <button
                  type="button"
                  className="button button--quiet client-entry__resend"
                  disabled={!client.canResend}
                  aria-label={`${RESEND_INVITATION}: ${client.name}`}
                  onClick={() => actor.send({ type: "invitation.resend", key: client.key })}
                >
                  {RESEND_INVITATION}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--quiet client-entry__remove"
                disabled={!client.canRemove}
                aria-label={`${client.removeLabel}: ${client.name}`}
                onClick={() => actor.send({ type: "client.remove", key: client.key })}
              >
                {client.removeLabel}
              </button>
              {removal !== null && removal.kind !== "removed" && removal.key === client.key ? (
                <RemovalPanel view={removal} clients={actor} />
              ) : null}
              {resend !== null && resend.kind !== "resent" && resend.key === client.key ? (
                <ResendPanel view={resend} clients={actor} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="coach-success" role="status">
        {removal?.kind === "removed" ? removal.message : resend?.kind === "resent" ? resend.message : ""}
      </p>
    </>
  )
}
