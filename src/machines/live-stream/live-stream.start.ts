import { createActor } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { LiveEvent } from "#domain/live-events.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { LiveConnection, LiveFeed, LiveStatus } from "#gateway/live-feed.ts"
import { readLiveStream, type LiveStreamOptions } from "#gateway/live-stream.ts"
import { isOnline, watchNetwork } from "#device/network.ts"
import { unreadImplementations, type UnreadPorts } from "../unread/unread.actors.ts"
import { unreadMachine } from "../unread/unread.machine.ts"
import { selectUnreadTotal } from "../unread/unread.selectors.ts"
import { liveStreamImplementations, type ConnectPort } from "./live-stream.actors.ts"
import { liveStreamMachine } from "./live-stream.machine.ts"
import { selectLiveStatus } from "./live-stream.selectors.ts"

export interface RunningLiveStream {
  readonly stop: () => void
}

/** The network as the stream hears of it (src/device/network.ts in the browser). */
export interface NetworkPort {
  readonly isOnline: () => boolean
  readonly watchNetwork: (listener: (online: boolean) => void) => () => void
}

/**
 * Starts the tab's live stream (services.ts, once someone is signed in): the machine over
 * `connect`, told of the network's comings and goings, handing events and status changes
 * to the callbacks until `stop` (sign-out).
 */
export function startLiveStream(
  connect: ConnectPort,
  callbacks: { readonly event: (event: LiveEvent) => void; readonly status: (status: LiveStatus) => void },
  network: NetworkPort = { isOnline, watchNetwork }
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
  const stopNetwork = network.watchNetwork((online) =>
    actor.send({ type: online ? "network.online" : "network.offline" })
  )
  actor.start()
  actor.send({ type: "live.start" })
  if (!network.isOnline()) actor.send({ type: "network.offline" })
  return {
    stop: () => {
      stopNetwork()
      actor.send({ type: "live.stop" })
      events.unsubscribe()
      statuses.unsubscribe()
      actor.stop()
    }
  }
}

/**
 * Starts the signed-in area's unread counts beside the live stream (startLive): `onTotal`
 * hears the Chat tab's number (null: none known) on every change, until the returned call
 * stops it.
 */
export function startUnread(ports: UnreadPorts, me: UserId, onTotal: (total: number | null) => void): () => void {
  const actor = createActor(unreadMachine.provide(unreadImplementations(ports)), { input: { me } })
  let last: number | null | undefined
  const watching = actor.subscribe((snapshot) => {
    const total = selectUnreadTotal(snapshot)
    if (total === last) return
    last = total
    onTotal(total)
  })
  actor.start()
  return () => {
    watching.unsubscribe()
    actor.stop()
  }
}

/**
 * Everything services.live runs while someone is signed in, in one module so the app loads
 * it with one import: the stream over the real reader, and the unread counts beside it.
 */
export function startLive(
  options: LiveStreamOptions,
  chat: Pick<ChatGateway, "unread">,
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
