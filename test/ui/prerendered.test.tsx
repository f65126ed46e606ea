/**
 * The takeover of a prerendered page (scripts/prerender-public.ts's page script, then
 * src/prerendered.tsx's mountApp hydrating it): whatever the person did to every kind of
 * control before the app was in (typed, chose an option, ticked a box, picked a radio,
 * wrote in a text area) reaches the app's state, and a form sent meanwhile is sent once it
 * is in, with those values.
 */
import { screen } from "@testing-library/react"
import { readFileSync } from "node:fs"
import { useState } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, test, vi } from "vitest"
import { withTakeoverScript } from "../../scripts/prerender-public.ts"
import { mountApp } from "../../src/prerendered.tsx"

interface Sent {
  readonly name: string
  readonly userType: string
  readonly agreed: boolean
  readonly plan: string
  readonly notes: string
  readonly days: ReadonlyArray<string>
}

/** A form of each kind of control, each held in the app's state as the account forms hold theirs. */
function Controls({ send }: { send: (values: Sent) => void }) {
  const [name, setName] = useState("")
  const [userType, setUserType] = useState("Client")
  const [agreed, setAgreed] = useState(false)
  const [plan, setPlan] = useState("free")
  const [notes, setNotes] = useState("")
  const [days, setDays] = useState<ReadonlyArray<string>>(["Mon"])
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        send({ name, userType, agreed, plan, notes, days })
      }}
    >
      <label>
        Name
        <input name="name" value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        User type
        <select name="userType" value={userType} onChange={(event) => setUserType(event.target.value)}>
          <option value="Client">Client</option>
          <option value="Coach">Coach</option>
        </select>
      </label>
      <label>
        <input type="checkbox" name="agreed" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        Agreed
      </label>
      {["free", "paid"].map((value) => (
        <label key={value}>
          <input
            type="radio"
            name="plan"
            value={value}
            checked={plan === value}
            onChange={(event) => setPlan(event.target.value)}
          />
          {value}
        </label>
      ))}
      <label>
        Notes
        <textarea name="notes" value={notes} onChange={(event) => setNotes(event.target.value)} />
      </label>
      <label>
        Days
        <select
          name="days"
          multiple
          value={[...days]}
          onChange={(event) => setDays([...event.target.selectedOptions].map((option) => option.value))}
        >
          <option value="Mon">Mon</option>
          <option value="Wed">Wed</option>
          <option value="Fri">Fri</option>
        </select>
      </label>
      <button type="submit">Send</button>
    </form>
  )
}

/** The page's own script, as the build writes it after #root. */
const takeoverScript = /<div id="root">[\s\S]*?<\/div>\s*<script>([\s\S]*?)<\/script>/.exec(
  withTakeoverScript(readFileSync("index.html", "utf8"))
)?.[1]

/** The prerendered page: the form's markup in #root, marked, with the page's script run. */
function prerenderedPage(): HTMLElement {
  document.body.innerHTML = `<div id="root" data-prerendered="/signup">${renderToString(<Controls send={() => {}} />)}</div>`
  if (takeoverScript === undefined) throw new Error("index.html has no takeover script after #root")
  window.eval(takeoverScript)
  const container = document.getElementById("root")
  if (container === null) throw new Error("no #root")
  return container
}

const form = () => {
  const found = document.querySelector("form")
  if (found === null) throw new Error("no form")
  return found
}

const type = (field: HTMLElement, text: string) => {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) throw new Error("not a text field")
  field.value = text
  field.dispatchEvent(new Event("input", { bubbles: true }))
}

const choose = (select: HTMLElement, ...values: ReadonlyArray<string>) => {
  if (!(select instanceof HTMLSelectElement)) throw new Error("not a select")
  for (const option of select.options) option.selected = values.includes(option.value)
  select.dispatchEvent(new Event("input", { bubbles: true }))
  select.dispatchEvent(new Event("change", { bubbles: true }))
}

/** Until the app has taken the page over (src/prerendered.tsx lifts the mark then). */
const live = (container: HTMLElement) =>
  vi.waitFor(() => expect(container.hasAttribute("data-prerendered")).toBe(false), { timeout: 5_000 })

/** Mounts the app over the page; answers what the form sends. */
function takeOver(container: HTMLElement): Promise<Sent> {
  return new Promise((resolve) => mountApp(container, <Controls send={resolve} />, true))
}

describe("a prerendered page taken over by the app", () => {
  test("sends the form sent before the app was in with every control as the person left it", async () => {
    const container = prerenderedPage()
    type(screen.getByLabelText("Name"), "Sam")
    choose(screen.getByLabelText("User type"), "Coach")
    screen.getByLabelText("Agreed").click()
    screen.getByLabelText("paid").click()
    type(screen.getByLabelText("Notes"), "Bad knee")
    choose(screen.getByLabelText("Days"), "Wed", "Fri")
    form().requestSubmit()
    expect(container.getAttribute("data-held")).toBe("submit")
    expect(container.getAttribute("aria-busy")).toBe("true")

    const sent = await takeOver(container)

    expect(sent).toEqual({
      name: "Sam",
      userType: "Coach",
      agreed: true,
      plan: "paid",
      notes: "Bad knee",
      days: ["Wed", "Fri"]
    })
    expect(["data-prerendered", "data-held", "aria-busy"].filter((name) => container.hasAttribute(name))).toEqual([])
  })

  test("takes what the browser restored without an event (a reload, the back button) as the person's too", async () => {
    const container = prerenderedPage()
    screen.getByLabelText<HTMLInputElement>("Name").value = "Restored"
    screen.getByLabelText<HTMLSelectElement>("User type").value = "Coach"
    screen.getByLabelText<HTMLInputElement>("Agreed").checked = true
    const sending = takeOver(container)
    await live(container)
    screen.getByRole("button", { name: "Send" }).click()

    expect(await sending).toMatchObject({ name: "Restored", userType: "Coach", agreed: true, plan: "free" })
  })

  test("leaves alone what the person did not touch, and sends nothing they did not send", async () => {
    const container = prerenderedPage()
    let sent: Sent | undefined
    mountApp(container, <Controls send={(values) => (sent = values)} />, true)
    await live(container)
    // The takeover's own turn, in which a held form would have been sent.
    await new Promise((resolve) => setTimeout(resolve))
    expect(sent).toBeUndefined()
    screen.getByRole("button", { name: "Send" }).click()
    expect(sent).toEqual({ name: "", userType: "Client", agreed: false, plan: "free", notes: "", days: ["Mon"] })
  })
})
