import { createActor } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { LiveEvent } from "#domain/live-events.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { LiveConnection, LiveFeed, LiveStatus } from "#gateway/live-feed.ts"
import { readLiveStream, type LiveStreamOptions } from "#gateway/live-stream.ts"
import { startUnread } from "../unread/unread.start.ts"
import { liveStreamImplementations, type ConnectPort } from "./live-stream.actors.ts"
import { liveStreamMachine } from "./live-stream.machine.ts"
import { selectLiveStatus } from "./live-stream.selectors.ts"

export interface RunningLiveStream {
  readonly stop: () => void
}

/**
 * Starts the tab's live stream (services.ts, once someone is signed in): the machine over
 * `connect`, told of the browser's online and offline events, handing events and status
 * changes to the callbacks until `stop` (sign-out).
 */
export function startLiveStream(
  connect: ConnectPort,
  callbacks: { readonly event: (event: LiveEvent) => void; readonly status: (status: LiveStatus) => void }
): RunningLiveStream {
  const actor = createActor(liveStreamMachine.provide(liveStreamImplementations(connect)), {
    input: { random: Math.random }
  })
  const events = actor.on("live.event", ({ event }) => callbacks.event(event))
  let last: LiveStatus | undefined
  const statuses = actor.subscribe((snapshot) => {
    const status = selectLiveStatus(snapshot)
    if (status === last) return
    last = status
    callbacks.status(status)
  })
  const offline = () => actor.send({ type: "network.offline" })
  const online = () => actor.send({ type: "network.online" })
  window.addEventListener("offline", offline)
  window.addEventListener("online", online)
  actor.start()
  actor.send({ type: "live.start" })
  if (!navigator.onLine) actor.send({ type: "network.offline" })
  return {
    stop: () => {
      window.removeEventListener("offline", offline)
      window.removeEventListener("online", online)
      actor.send({ type: "live.stop" })
      events.unsubscribe()
      statuses.unsubscribe()
      actor.stop()
    }
  }
}

/**
 * Everything services.live runs while someone is signed in, in one module so the app loads
 * it with one import: the stream over the real reader, and the unread counts beside it.
 */
export function startLive(
  options: LiveStreamOptions,
  chat: () => Promise<Pick<ChatGateway, "unread">>,
  run: {
    readonly me: UserId
    readonly live: LiveFeed & LiveConnection
    readonly event: (event: LiveEvent) => void
    readonly status: (status: LiveStatus) => void
    readonly unread: (total: number | null) => void
  }
): RunningLiveStream {
  const stream = startLiveStream((after, signal, handlers) => readLiveStream(options, after, signal, handlers), run)
  const stopUnread = startUnread({ chat, live: run.live }, run.me, run.unread)
  return {
    stop: () => {
      stopUnread()
      stream.stop()
    }
  }
}
