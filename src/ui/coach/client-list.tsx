import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useId, useRef, useState, type RefObject } from "react"
import {
  ARCHIVE,
  archivedCount,
  DECLINED,
  DECLINED_DETAIL,
  INVITATION_PENDING,
  RESEND_INVITATION,
  RESTORE,
  sameClientList,
  selectClientList,
  WAITING_FOR_ANSWER,
  type ArchivalView,
  type ClientEntryView,
  type ClientListView,
  type CoachClientsActorRef,
  type RemovalView,
  type ResendView
} from "#machines/coach-clients/coach-clients.selectors.ts"
import {
  selectCoachOverview,
  type CoachOverviewActorRef,
  type CoachOverviewSnapshot,
  type OverviewRow
} from "#machines/coach-overview/coach-overview.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./client-list.css"

/** The roster's words for a client whose training needs a look (as the overview's rows say it). */
const NEEDS_ATTENTION = "Needs attention"
const NO_ACTIVE_CLIENTS = "Every client is archived. Restore one from Archived, or add a client."

/**
 * Something that was not done: what and why, then Try again (focused) or Back. Without a
 * retry (the server would refuse it again) Back alone, focused.
 */
function NotDonePanel({
  view,
  retry,
  dismiss,
  focus
}: {
  view: { readonly message: string; readonly reason: string }
  retry: (() => void) | null
  dismiss: () => void
  focus: RefObject<HTMLButtonElement | null>
}) {
  return (
    <div className="coach-stack client-removal" role="alert">
      <p className="coach-error">{view.message}</p>
      <p className="coach-row-detail">{view.reason}</p>
      <div className="coach-actions">
        {retry === null ? null : (
          <button ref={focus} type="button" className="button" onClick={retry}>
            Try again
          </button>
        )}
        <button
          ref={retry === null ? focus : undefined}
          type="button"
          className="button button--quiet"
          onClick={dismiss}
        >
          Back
        </button>
      </div>
    </div>
  )
}

/** The question asked before something is done: the confirming button, and Cancel (focused). */
function QuestionPanel({
  question,
  detail,
  confirm,
  confirmClass,
  onConfirm,
  onCancel
}: {
  question: string
  detail: string
  confirm: string
  confirmClass: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const focus = useRef<HTMLButtonElement>(null)
  useEffect(() => focus.current?.focus(), [])
  return (
    <div className="coach-stack client-removal" role="group" aria-label={question}>
      <p className="coach-row-title">{question}</p>
      <p className="coach-row-detail">{detail}</p>
      <div className="coach-actions">
        <button type="button" className={confirmClass} onClick={onConfirm}>
          {confirm}
        </button>
        <button ref={focus} type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
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
      <QuestionPanel
        question={view.question}
        detail={view.detail}
        confirm="End coaching"
        confirmClass="button button--danger"
        onConfirm={() => clients.send({ type: "removal.confirm" })}
        onCancel={() => clients.send({ type: "removal.cancel" })}
      />
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
 * was not sent (the server's words: a resend too soon says when, and offers only Back).
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
      retry={view.canRetry ? () => clients.send({ type: "resend.retry" }) : null}
      dismiss={() => clients.send({ type: "resend.dismiss" })}
      focus={focus}
    />
  )
}

/** In the client being archived or restored, under it: the question, the call under way, or why it was not done. */
function ArchivalPanel({ view, clients }: { view: ArchivalView; clients: CoachClientsActorRef }) {
  const focus = useRef<HTMLButtonElement>(null)
  useEffect(() => focus.current?.focus(), [view.kind])
  // Once done, the list's status line says so.
  if (view.kind === "archived" || view.kind === "restored") return null
  if (view.kind === "archiving" || view.kind === "restoring") return <p role="status">{view.message}</p>
  if (view.kind === "confirming") {
    return (
      <QuestionPanel
        question={view.question}
        detail={view.detail}
        confirm={ARCHIVE}
        confirmClass="button"
        onConfirm={() => clients.send({ type: "archive.confirm" })}
        onCancel={() => clients.send({ type: "archive.cancel" })}
      />
    )
  }
  return (
    <NotDonePanel
      view={view}
      retry={
        view.canRetry ? () => clients.send({ type: view.of === "archive" ? "archive.retry" : "restore.retry" }) : null
      }
      dismiss={() => clients.send({ type: view.of === "archive" ? "archive.dismiss" : "restore.dismiss" })}
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
 * A linked client's training at a glance, from the dashboard's overview (its own wording):
 * compliance over the last four weeks, the last session, and what needs attention.
 */
function Training({ row }: { row: OverviewRow }) {
  const reasons = [row.missed, row.nothingScheduled ? row.upcoming : null].filter((line) => line !== null)
  return (
    <>
      <span className="coach-row-detail client-entry__training">
        <span>{row.lastFourWeeks}</span> <span>{row.lastSession}</span>
      </span>
      {reasons.length > 0 ? (
        <span className="coach-row-detail client-entry__attention">{reasons.join(" · ")}</span>
      ) : null}
    </>
  )
}

function Entry({
  client,
  training,
  view,
  actor
}: {
  client: ClientEntryView
  training: OverviewRow | undefined
  view: ClientListView
  actor: CoachClientsActorRef
}) {
  const { removal, resend, archival } = view
  // An archived client is out of the overview; their row shows no training.
  const shown = client.archived ? undefined : training
  return (
    <li className="coach-row client-entry">
      <span className="coach-row-main">
        <span className="client-entry__head">
          <EntryTitle client={client} />
          {shown?.needsAttention === true ? <span className="coach-badge">{NEEDS_ATTENTION}</span> : null}
        </span>
        {client.status === "pending" ? <span className="coach-row-detail">{WAITING_FOR_ANSWER}</span> : null}
        {client.status === "declined" ? <span className="coach-row-detail">{DECLINED_DETAIL}</span> : null}
        {shown !== undefined ? <Training row={shown} /> : null}
      </span>
      {client.status === "pending" ? <span className="coach-badge">{INVITATION_PENDING}</span> : null}
      {client.status === "declined" ? <span className="coach-badge">{DECLINED}</span> : null}
      {/* The buttons keep together: on a phone they take a line of their own under the name. */}
      <span className="client-entry__actions">
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
        {client.status === "linked" && !client.archived ? (
          <button
            type="button"
            className="button button--quiet client-entry__archive"
            disabled={!client.canArchive}
            aria-label={`${ARCHIVE}: ${client.name}`}
            onClick={() => actor.send({ type: "client.archive", key: client.key })}
          >
            {ARCHIVE}
          </button>
        ) : null}
        {client.archived ? (
          <button
            type="button"
            className="button button--quiet client-entry__archive"
            disabled={!client.canRestore}
            aria-label={`${RESTORE}: ${client.name}`}
            onClick={() => actor.send({ type: "client.restore", key: client.key })}
          >
            {RESTORE}
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
      </span>
      {removal !== null && removal.kind !== "removed" && removal.key === client.key ? (
        <RemovalPanel view={removal} clients={actor} />
      ) : null}
      {resend !== null && resend.kind !== "resent" && resend.key === client.key ? (
        <ResendPanel view={resend} clients={actor} />
      ) : null}
      {archival !== null && archival.key === client.key ? <ArchivalPanel view={archival} clients={actor} /> : null}
    </li>
  )
}

/** Overview rows are rebuilt on every snapshot; equal ones need no render. */
const sameRows = (a: ReadonlyArray<OverviewRow>, b: ReadonlyArray<OverviewRow>) =>
  JSON.stringify(a) === JSON.stringify(b)
const overviewRows = (snapshot: CoachOverviewSnapshot) => selectCoachOverview(snapshot).rows

/** What the list says once something was done, in its one status line. */
const doneMessage = ({ removal, resend, archival }: ClientListView): string => {
  if (removal?.kind === "removed") return removal.message
  if (resend?.kind === "resent") return resend.message
  if (archival?.kind === "archived" || archival?.kind === "restored") return archival.message
  return ""
}

/**
 * The coach's clients and invitations (docs/decisions/033): a linked client links to their
 * calendar, shows their last four weeks from the overview, can be archived (asked first)
 * and let go ("End coaching", asked first); an invitation reads "Invitation pending" until
 * the person answers, or "Declined", and can be withdrawn; an open one's email can be sent
 * again ("Resend invitation"). Archived clients are listed apart under "Archived (N)",
 * closed until the coach opens it, each with Restore.
 */
export function ClientList({
  clients: actor,
  overview
}: {
  clients: CoachClientsActorRef
  overview: CoachOverviewActorRef
}) {
  const view = useSelector(actor, selectClientList, sameClientList)
  const rows = useSelector(overview, overviewRows, sameRows)
  const [archivedOpen, setArchivedOpen] = useState(false)
  const archivedId = useId()
  if (view.loading) return <p role="status">Loading clients…</p>
  if (view.loadError !== null) {
    return <RetryAlert message={view.loadError} onRetry={() => actor.send({ type: "clients.retry" })} />
  }
  // The overview's rows by the list's keys (a linked client's id as text).
  const trainingOf = new Map(rows.map((row) => [String(row.clientId), row]))
  const training = (client: ClientEntryView) => trainingOf.get(client.key)
  // A restore (or a removal) under way or refused is shown where its client is, so the section is open for it.
  const panelKeys = [
    view.archival?.kind === "restoring" || (view.archival?.kind === "failed" && view.archival.of === "restore")
      ? view.archival.key
      : null,
    view.removal !== null && view.removal.kind !== "removed" ? view.removal.key : null
  ]
  const busyInArchived = view.archived.some((client) => panelKeys.includes(client.key))
  const showArchived = archivedOpen || busyInArchived
  return (
    <>
      {view.clients.length === 0 ? (
        <p className="muted">
          {view.archived.length === 0 ? "No clients yet! Add some to get started!" : NO_ACTIVE_CLIENTS}
        </p>
      ) : (
        <ul className="coach-list" aria-label="Clients">
          {view.clients.map((client) => (
            <Entry key={client.key} client={client} training={training(client)} view={view} actor={actor} />
          ))}
        </ul>
      )}
      {view.archived.length > 0 ? (
        <div className="client-archived">
          <button
            type="button"
            className="button button--quiet client-archived__toggle"
            aria-expanded={showArchived}
            aria-controls={archivedId}
            onClick={() => setArchivedOpen(!showArchived)}
          >
            <span className="client-archived__arrow" aria-hidden="true">
              ▸
            </span>
            {archivedCount(view.archived.length)}
          </button>
          <ul id={archivedId} className="coach-list" aria-label="Archived clients" hidden={!showArchived}>
            {view.archived.map((client) => (
              <Entry key={client.key} client={client} training={undefined} view={view} actor={actor} />
            ))}
          </ul>
        </div>
      ) : null}
      <p className="coach-success" role="status">
        {doneMessage(view)}
      </p>
    </>
  )
}
