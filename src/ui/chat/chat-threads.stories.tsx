import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { coachId, never, threadsContext } from "#machines/chat/chat.fixtures.ts"
import { chatThreadsImplementations } from "#machines/chat-threads/chat-threads.actors.ts"
import { chatThreadsMachine, type ChatThreadsContext } from "#machines/chat-threads/chat-threads.machine.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { ChatThreads } from "./chat-threads.tsx"

// One story per state of a coach's list of chats.

const storyMachine = chatThreadsMachine.provide(
  chatThreadsImplementations({
    gateway: { getAllClients: never },
    chat: { unread: never },
    live: undefined
  })
)

function ThreadsStory({ state, context }: { state: string; context: ChatThreadsContext }) {
  return (
    <SeededActor machine={storyMachine} state={state} context={context} input={{ coachId }}>
      {(threads) => <ChatThreads threads={threads} />}
    </SeededActor>
  )
}

const meta = {
  title: "Chat/Coach's chats",
  component: ThreadsStory,
  parameters: { machine: "chat-threads", route: "/coach/chat" }
} satisfies Meta<typeof ThreadsStory>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: ChatThreadsContext = threadsContext()) => ({
  args: { state, context },
  parameters: { machineState: state }
})

export const Loading: Story = {
  ...inState("loading", threadsContext({ threads: [] })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your chats…")
  }
}

export const Failed: Story = {
  ...inState(
    "failed",
    threadsContext({ threads: [], failure: "We couldn't reach the server. Check your connection and try again." })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("couldn't reach the server")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Threads: Story = {
  ...inState("ready.idle"),
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole("list", { name: "Chats with your clients" }))
    const links = list.getAllByRole("link")
    await expect(links.map((link) => link.querySelector(".chat-threads__name")?.textContent)).toEqual([
      "Bo Client",
      "ann Lifter",
      "Cy Newcomer"
    ])
    await expect(links[0]).toHaveTextContent("2 unread")
    await expect(links[0]).toHaveAttribute("href", "/coach/chat/7")
    await expect(links[1]).not.toHaveTextContent("unread")
    await expect(links[2]).toHaveTextContent("No messages yet")
  }
}

export const NoClients: Story = {
  ...inState("ready.idle", threadsContext({ threads: [] })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No clients yet/)).toBeVisible()
  }
}

export const Refreshing: Story = {
  ...inState("ready.refreshing"),
  play: async ({ canvasElement }) => {
    // The list stays while it is read again after a live event.
    await expect(within(canvasElement).getAllByRole("link", { name: /Bo Client|ann Lifter|Cy Newcomer/ })).toHaveLength(
      3
    )
  }
}
