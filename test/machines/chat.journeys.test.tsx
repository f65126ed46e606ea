/**
 * The chat composer with the keyboard, rendered over a running chat machine: Enter sends,
 * Shift+Enter starts a new line, Enter while an input method composes a word does nothing,
 * the Send button sends, and text the server would refuse stays with the reason under it.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { chatImplementations } from "#machines/chat/chat.actors.ts"
import { clientId } from "#machines/chat/chat.fixtures.ts"
import { chatMachine } from "#machines/chat/chat.machine.ts"
import { ChatComposer } from "#ui/chat/chat-composer.tsx"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

function composer() {
  const queued: Array<string> = []
  const machine = chatMachine.provide(
    chatImplementations({
      chat: unansweredCalls(),
      live: undefined,
      watchVisibility: () => () => undefined,
      queueMessage: (body) => queued.push(body)
    })
  )
  const actor = createActor(machine, { input: { clientId, me: clientId, visible: true } }).start()
  render(<ChatComposer chat={actor} label="Message to your coach" />)
  return { queued, box: screen.getByRole("textbox", { name: "Message to your coach" }) }
}

afterEach(() => {
  cleanup()
})

describe("the chat composer", () => {
  test("Enter sends the text and empties the box; Shift+Enter is a new line in the same message", async () => {
    const user = userEvent.setup()
    const { queued, box } = composer()
    await user.type(box, "Left knee twinged{Shift>}{Enter}{/Shift}Stopped at 3")
    expect(box).toHaveProperty("value", "Left knee twinged\nStopped at 3")
    expect(queued).toEqual([])
    await user.keyboard("{Enter}")
    expect(queued).toEqual(["Left knee twinged\nStopped at 3"])
    expect(box).toHaveProperty("value", "")
  })

  test("the Send button sends what is typed", async () => {
    const user = userEvent.setup()
    const { queued, box } = composer()
    await user.type(box, "See you Friday")
    await user.click(screen.getByRole("button", { name: "Send" }))
    expect(queued).toEqual(["See you Friday"])
  })

  test("Enter while an input method is composing a word does not send", () => {
    const { queued, box } = composer()
    fireEvent.change(box, { target: { value: "にほん" } })
    act(() => {
      fireEvent.keyDown(box, { key: "Enter", isComposing: true })
    })
    expect(queued).toEqual([])
    expect(box).toHaveProperty("value", "にほん")
  })

  test("whitespace is not sent: the reason shows under the box, tied to it, until the text changes", async () => {
    const user = userEvent.setup()
    const { queued, box } = composer()
    await user.type(box, "   {Enter}")
    expect(queued).toEqual([])
    const reason = screen.getByRole("alert")
    expect(reason.textContent).toBe("Message must not be empty")
    expect(box.getAttribute("aria-describedby")).toBe(reason.id)
    expect(box.getAttribute("aria-invalid")).toBe("true")
    await user.type(box, "ok")
    expect(screen.queryByRole("alert")).toBeNull()
  })
})
