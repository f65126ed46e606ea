import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import type { MessageId } from "#domain/chat.ts"
import { chatContext, outboxContext } from "#machines/chat/chat.fixtures.ts"
import { SENDING, SERVER_BUSY_WAIT, WAITING_FOR_NETWORK } from "#machines/chat-outbox/chat-outbox.selectors.ts"
import { ThreadStory } from "./chat-story.tsx"

// One story per state of a thread's outbox: what this device wrote and the server has not stored yet.

const meta = {
  title: "Chat/Outbox",
  component: ThreadStory,
  parameters: { machine: "chat-outbox", route: "/client/chat" },
  args: {
    chat: { showing: { history: "start", read: "upToDate", fresh: "current" } },
    chatContext: chatContext({ before: null })
  }
} satisfies Meta<typeof ThreadStory>

export default meta
type Story = StoryObj<typeof meta>

const pending = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("log").querySelector<HTMLElement>("[data-status]")

export const Restoring: Story = {
  args: { outbox: "restoring", outboxContext: outboxContext() },
  parameters: { machineState: "restoring" },
  play: async ({ canvasElement }) => {
    // Written while what the device kept is read back: it waits behind it, never shown as sent.
    const message = pending(canvasElement)
    await expect(message).toHaveTextContent("Is Friday still on?")
    await expect(message).toHaveTextContent(SENDING)
    await expect(message).not.toHaveTextContent("Read")
  }
}

export const Idle: Story = {
  args: { outbox: "idle", outboxContext: outboxContext({ entries: [] }) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await expect(pending(canvasElement)).toBeNull()
    await expect(within(canvasElement).queryByText(SENDING)).toBeNull()
  }
}

export const Checking: Story = {
  args: { outbox: "checking", outboxContext: outboxContext({ entries: [] }) },
  parameters: { machineState: "checking" },
  play: async ({ canvasElement }) => {
    await expect(pending(canvasElement)).toBeNull()
  }
}

export const Sending: Story = {
  args: { outbox: "sending", outboxContext: outboxContext() },
  parameters: { machineState: "sending" },
  play: async ({ canvasElement }) => {
    const message = pending(canvasElement)
    await expect(message).toHaveTextContent("Is Friday still on?")
    // Never shown as sent before the server answered.
    await expect(message).toHaveTextContent(SENDING)
    await expect(message).not.toHaveTextContent("Read")
  }
}

export const Offline: Story = {
  args: { outbox: "offline", outboxContext: outboxContext({ online: false }) },
  parameters: { machineState: "offline" },
  play: async ({ canvasElement }) => {
    await expect(pending(canvasElement)).toHaveTextContent(WAITING_FOR_NETWORK)
  }
}

export const WaitingToRetry: Story = {
  args: { outbox: "waitingToRetry", outboxContext: outboxContext({ retryAfterMs: 20_000 }) },
  parameters: { machineState: "waitingToRetry" },
  play: async ({ canvasElement }) => {
    await expect(pending(canvasElement)).toHaveTextContent(SERVER_BUSY_WAIT)
  }
}

export const Refused: Story = {
  args: {
    outbox: "idle",
    outboxContext: outboxContext({
      entries: [
        {
          id: "00000000-0000-4000-8000-000000000098" as MessageId,
          body: "Is Friday still on?",
          createdAt: "2026-11-23T17:20:00.000Z",
          refused: "body: must not contain control characters other than newline and tab"
        }
      ]
    })
  },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "Not sent: body: must not contain control characters other than newline and tab"
    )
    // Edit puts the text back in the composer and takes it out of the thread.
    await userEvent.click(canvas.getByRole("button", { name: "Edit" }))
    await expect(canvas.getByRole("textbox", { name: "Message to your coach" })).toHaveValue("Is Friday still on?")
    await expect(pending(canvasElement)).toBeNull()
  }
}
