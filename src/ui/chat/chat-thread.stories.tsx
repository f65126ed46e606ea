import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { chatContext, coachId, conversation, messageFrom } from "#machines/chat/chat.fixtures.ts"
import { ThreadStory } from "./chat-story.tsx"

// One story per state of the chat machine (an open thread), as the client sees it.

const meta = {
  title: "Chat/Thread",
  component: ThreadStory,
  parameters: { machine: "chat", route: "/client/chat" }
} satisfies Meta<typeof ThreadStory>

export default meta
type Story = StoryObj<typeof meta>

const showing = (history: string, read = "upToDate", fresh = "current") => ({
  value: { showing: { history, read, fresh } },
  states: [`showing.history.${history}`, `showing.read.${read}`, `showing.fresh.${fresh}`]
})

const log = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole("log"))

export const Loading: Story = {
  args: { chat: "loading", chatContext: chatContext({ messages: [], before: null }) },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading messages…")
    // The composer works while the thread loads: what is written goes to the outbox.
    await expect(canvas.getByRole("textbox", { name: "Message to your coach" })).toBeEnabled()
  }
}

export const Failed: Story = {
  args: {
    chat: "failed",
    chatContext: chatContext({
      messages: [],
      before: null,
      failure: "We couldn't reach the server. Check your connection and try again."
    })
  },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("couldn't reach the server")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NoCoach: Story = {
  args: { chat: "unavailable", chatContext: chatContext({ messages: [], before: null }) },
  parameters: { machineState: "unavailable" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/You don't have a coach yet/)).toBeVisible()
    await expect(canvas.queryByRole("textbox")).toBeNull()
  }
}

const checking = showing("checking")
export const Checking: Story = {
  args: { chat: checking.value },
  parameters: { machineState: checking.states },
  play: async ({ canvasElement }) => {
    await expect(log(canvasElement).getAllByRole("listitem")).toHaveLength(conversation.length)
  }
}

const more = showing("more")
export const Conversation: Story = {
  args: { chat: more.value },
  parameters: { machineState: more.states },
  play: async ({ canvasElement }) => {
    const thread = log(canvasElement)
    const items = thread.getAllByRole("listitem")
    await expect(items.map((item) => item.querySelector(".chat-message__text")?.textContent)).toEqual(
      conversation.map((message) => message.body)
    )
    // Mine on the right, theirs on the left; 'Read' under my last message the coach has read.
    await expect(items[1]).toHaveClass("chat-message--mine")
    await expect(items[0]).toHaveClass("chat-message--theirs")
    await expect(items[3]).toHaveTextContent("Read")
    await expect(items[1]).not.toHaveTextContent("Read")
    const link = thread.getByRole("link", { name: "https://example.com/knee-tracking" })
    await expect(link).toHaveAttribute("rel", "noopener noreferrer")
    await expect(link).toHaveAttribute("target", "_blank")
    await expect(thread.getByRole("button", { name: "Show older messages" })).toBeEnabled()
  }
}

const loadingOlder = showing("loadingOlder")
export const LoadingOlder: Story = {
  args: { chat: loadingOlder.value },
  parameters: { machineState: loadingOlder.states },
  play: async ({ canvasElement }) => {
    await expect(log(canvasElement).getByRole("status")).toHaveTextContent("Loading older messages…")
  }
}

const olderFailed = showing("olderFailed")
export const OlderFailed: Story = {
  args: {
    chat: olderFailed.value,
    chatContext: chatContext({ failure: "We couldn't reach the server. Check your connection and try again." })
  },
  parameters: { machineState: olderFailed.states },
  play: async ({ canvasElement }) => {
    const thread = log(canvasElement)
    await expect(thread.getByRole("alert")).toHaveTextContent("couldn't reach the server")
    await expect(thread.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(thread.getAllByRole("listitem")).toHaveLength(conversation.length)
  }
}

const start = showing("start")
export const StartOfConversation: Story = {
  args: { chat: start.value, chatContext: chatContext({ before: null }) },
  parameters: { machineState: start.states },
  play: async ({ canvasElement }) => {
    await expect(log(canvasElement).getByText("This is the start of your conversation.")).toBeVisible()
  }
}

export const NoMessagesYet: Story = {
  args: { chat: start.value, chatContext: chatContext({ messages: [], before: null, theirReadSeq: 0, myReadSeq: 0 }) },
  parameters: { machineState: start.states },
  play: async ({ canvasElement }) => {
    await expect(log(canvasElement).getByText("No messages yet. Say hello to your coach.")).toBeVisible()
  }
}

const marking = showing("start", "marking")
export const MarkingRead: Story = {
  args: {
    chat: marking.value,
    chatContext: chatContext({
      before: null,
      messages: [...conversation, messageFrom(coachId, 15, "See you Friday.")]
    })
  },
  parameters: { machineState: marking.states },
  play: async ({ canvasElement }) => {
    // Marking read is quiet: the new message simply shows.
    await expect(log(canvasElement).getByText("See you Friday.")).toBeVisible()
  }
}

const markFailed = showing("start", "markFailed")
export const MarkReadFailed: Story = {
  args: {
    chat: markFailed.value,
    chatContext: chatContext({
      before: null,
      messages: [...conversation, messageFrom(coachId, 15, "See you Friday.")]
    })
  },
  parameters: { machineState: markFailed.states },
  play: async ({ canvasElement }) => {
    // Nothing for the person to do: it is tried again later.
    await expect(within(canvasElement).queryByRole("alert")).toBeNull()
    await expect(log(canvasElement).getByText("See you Friday.")).toBeVisible()
  }
}

const refreshing = showing("start", "upToDate", "refreshing")
export const Refreshing: Story = {
  args: { chat: refreshing.value, chatContext: chatContext({ before: null }) },
  parameters: { machineState: refreshing.states },
  play: async ({ canvasElement }) => {
    // Back after a drop, the newest page is read again behind what is shown.
    await expect(log(canvasElement).getAllByRole("listitem")).toHaveLength(conversation.length)
    await expect(within(canvasElement).queryByRole("status")).toBeNull()
  }
}

export const ComposerRefusesEmpty: Story = {
  args: { chat: start.value, chatContext: chatContext({ before: null }) },
  parameters: { machineState: start.states },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole("textbox", { name: "Message to your coach" })
    await userEvent.type(box, "   {Enter}")
    await expect(canvas.getByRole("alert")).toHaveTextContent("Message must not be empty")
    await expect(box).toHaveAttribute("aria-invalid", "true")
  }
}
