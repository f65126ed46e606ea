import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { ChatMessage, MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import { chatOutboxMachine, type SendInput } from "#machines/chat-outbox/chat-outbox.machine.ts"
import type { ChatOutboxContext } from "#machines/chat-outbox/chat-outbox.types.ts"
import type { OutboxEntry } from "#domain/chat-outbox.ts"
import { NOT_SENT_YET } from "#machines/comment-composer/comment-composer.selectors.ts"
import { commentComposers } from "#machines/comment-composer/comment-composers.ts"
import { samId, squatSetTwo } from "#machines/comments/comments.fixtures.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { PendingNotes } from "./pending-notes.tsx"

/* A lifter's notes on set 2 kept on the device until the server holds them (docs/decisions/041). */

const never = <T,>() => new Promise<T>(() => undefined)
const storyOutbox = chatOutboxMachine.provide({
  actors: {
    sendMessage: fromPromise<ChatMessage, SendInput>(() => never()),
    watchNetwork: fromCallback(() => () => undefined),
    loadKept: fromPromise<ReadonlyArray<OutboxEntry>, { clientId: UserId }>(() => never())
  }
})

const about = `set:${squatSetTwo}`
const kept = (n: number, body: string, refused: string | null = null): OutboxEntry => ({
  id: `0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c000${n}` as MessageId,
  body,
  createdAt: `2026-11-23T17:0${n}:00.000Z`,
  refused,
  about
})

function Pending({ state, context }: { state: string; context: ChatOutboxContext }) {
  const [composers] = useState(() =>
    commentComposers({
      what: "note",
      deliverFor: () => () => never(),
      delivered: () => undefined,
      watchOnline: () => () => undefined
    })
  )
  return (
    <main className="page logging">
      <SeededActor machine={storyOutbox} state={state} context={context} input={{ clientId: samId, online: false }}>
        {(outbox) => (
          <PendingNotes
            place={{ outbox, about }}
            composer={composers.composerFor(about)}
            held={[]}
            label="Notes on set 2 not sent yet"
          />
        )}
      </SeededActor>
    </main>
  )
}

const meta = {
  title: "Comments/Notes not sent yet",
  component: Pending,
  parameters: { machine: "chat-outbox", route: "/client/workouts/11-23-2026/0" }
} satisfies Meta<typeof Pending>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, entries: ReadonlyArray<OutboxEntry>, online: boolean) => ({
  args: { state, context: { clientId: samId, entries, online, retryAfterMs: 5_000 } },
  parameters: { machineState: state }
})

/** Offline: each note kept says it is not sent yet, in the order written. */
export const Offline: Story = {
  ...inState("offline", [kept(1, "left knee, stopped at 3"), kept(2, "felt easy")], false),
  play: async ({ canvasElement }) => {
    const items = within(within(canvasElement).getByRole("list", { name: "Notes on set 2 not sent yet" })).getAllByRole(
      "listitem"
    )
    await expect(items).toHaveLength(2)
    await expect(items[0]).toHaveTextContent("left knee, stopped at 3")
    await expect(items[0]).toHaveTextContent(NOT_SENT_YET)
    await expect(within(canvasElement).queryByRole("button", { name: "Discard" })).toBeNull()
  }
}

/** The server refused one: its words, and Discard; never "sent". */
export const Refused: Story = {
  ...inState("idle", [kept(3, "on a removed set", "target.setId: no set 102 in your workouts")], true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("listitem")).toHaveTextContent("Not sent: target.setId: no set 102 in your workouts")
    await expect(canvas.getByRole("button", { name: "Discard" })).toBeEnabled()
  }
}
