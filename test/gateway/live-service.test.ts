/**
 * services.live: the tab's one live stream and unread count, run while someone is signed
 * in. A session stand-in says who is signed in; `start` stands for loading and starting the
 * reader, the machine and the unread counts (chunk "chat"). What the screens notice: one
 * stream per signed-in person, none signed out, the status and count told to listeners
 * whenever they subscribed, and nothing from a stream that was stopped.
 */
import { describe, expect, test } from "vitest"
import type { LiveEvent } from "#domain/live-events.ts"
import type { SessionActorRef } from "#machines/session/session.selectors.ts"
import { chatMessage, coachId } from "#machines/unread/unread.fixtures.ts"
import { liveService, type LiveRun } from "../../src/services.ts"

const person = (id: number) => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.com`,
  firebase_id: `uid-${id}`,
  user_type: "Client"
})

/** A session whose signed-in person the test changes. */
function session() {
  const listeners = new Set<(snapshot: unknown) => void>()
  let snapshot: { matches: (state: unknown) => boolean; context: { user: object } } = {
    matches: () => false,
    context: { user: {} }
  }
  const actor = {
    subscribe: (listener: (snapshot: unknown) => void) => {
      listeners.add(listener)
      listener(snapshot)
      return { unsubscribe: () => listeners.delete(listener) }
    }
  } as unknown as SessionActorRef
  const become = (user: ReturnType<typeof person> | null) => {
    snapshot =
      user === null
        ? { matches: () => false, context: { user: {} } }
        : { matches: (state: unknown) => state === "signedIn", context: { user } }
    listeners.forEach((listener) => listener(snapshot))
  }
  return { actor, become }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function scene() {
  const who = session()
  const runs: Array<LiveRun & { stopped: boolean }> = []
  const live = liveService(who.actor, (run) => {
    const entry = { ...run, stopped: false }
    runs.push(entry)
    return Promise.resolve({ stop: () => void (entry.stopped = true) })
  })
  return { who, runs, live }
}

describe("the tab's live service", () => {
  test("starts one stream when someone signs in, and stops it when they sign out", async () => {
    const { who, runs, live } = scene()
    const statuses: Array<string> = []
    const counts: Array<number | null> = []
    live.subscribeStatus((status) => statuses.push(status))
    live.subscribeUnread((count) => counts.push(count))
    expect(runs).toHaveLength(0)
    who.become(person(7))
    who.become(person(7))
    expect(runs).toHaveLength(1)
    expect(runs[0]?.me).toBe(7)
    await settle()
    runs[0]?.status("open")
    runs[0]?.unread(2)
    who.become(null)
    await settle()
    expect(runs[0]?.stopped).toBe(true)
    expect(statuses).toEqual(["stopped", "open", "stopped"])
    expect(counts).toEqual([null, 2, null])
  })

  test("hands every event to every listener, and a late listener hears the status and count now", async () => {
    const { who, runs, live } = scene()
    who.become(person(7))
    await settle()
    const first: Array<LiveEvent> = []
    const stopFirst = live.subscribe((event) => first.push(event))
    const event: LiveEvent = { type: "message", message: chatMessage(coachId, 9) }
    runs[0]?.event(event)
    runs[0]?.status("reconnecting")
    runs[0]?.unread(4)
    const late: Array<unknown> = []
    live.subscribeStatus((status) => late.push(status))
    live.subscribeUnread((count) => late.push(count))
    expect(late).toEqual(["reconnecting", 4])
    stopFirst()
    runs[0]?.event(event)
    expect(first).toEqual([event])
  })

  test("someone else signing in gets a stream of their own; one stopped while loading is stopped once loaded", async () => {
    const who = session()
    const runs: Array<{ me: number; stopped: boolean; load: () => void }> = []
    liveService(
      who.actor,
      (run) =>
        new Promise((resolve) => {
          const entry = { me: run.me, stopped: false, load: () => resolve({ stop: () => void (entry.stopped = true) }) }
          runs.push(entry)
        })
    )
    who.become(person(7))
    who.become(person(8))
    expect(runs.map((run) => run.me)).toEqual([7, 8])
    runs.forEach((run) => run.load())
    await settle()
    expect(runs.map((run) => run.stopped)).toEqual([true, false])
  })
})
