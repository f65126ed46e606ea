import { describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { restTimerMachine } from "#machines/rest-timer/rest-timer.machine.ts"
import { restSlot } from "#ui/client/logging-rest.tsx"

// The rest timer comes in after the page paints (its own chunk): a set done before then still gets its rest.
const silentRest = () =>
  createActor(
    restTimerMachine.provide({
      actors: { ticker: fromCallback(() => undefined) },
      actions: { alert: () => undefined, prepareAlerts: () => undefined }
    })
  ).start()

const T0 = 1_767_500_000_000

describe("the logging page's rest slot", () => {
  it("starts the rest of a set done before the timer came in, from the tap's time", () => {
    const slot = restSlot()
    let changes = 0
    slot.subscribe(() => changes++)
    slot.start(T0, null)
    expect(slot.current()).toBeUndefined()
    const rest = silentRest()
    slot.attach(rest)
    expect(slot.current()).toBe(rest)
    expect(changes).toBe(1)
    expect(rest.getSnapshot().value).toBe("resting")
    expect(rest.getSnapshot().context.endsAt).toBe(T0 + 120_000)
  })

  it("starts a rest at once once the timer is in, and takes the same timer again as nothing new", () => {
    const slot = restSlot()
    const rest = silentRest()
    slot.attach(rest)
    expect(rest.getSnapshot().value).toBe("idle")
    let changes = 0
    const stop = slot.subscribe(() => changes++)
    slot.attach(rest)
    expect(changes).toBe(0)
    slot.start(T0 + 5_000, null)
    expect(rest.getSnapshot().context.endsAt).toBe(T0 + 125_000)
    stop()
    slot.attach(silentRest())
    expect(changes).toBe(0)
  })

  it("starts the coach's rest for the set when there is one, and none when it is zero", () => {
    const slot = restSlot()
    slot.start(T0, 90)
    const rest = silentRest()
    slot.attach(rest)
    expect(rest.getSnapshot().context.endsAt).toBe(T0 + 90_000)
    slot.start(T0 + 10_000, 0)
    expect(rest.getSnapshot().value).toBe("idle")
    slot.start(T0 + 20_000, null)
    expect(rest.getSnapshot().context.endsAt).toBe(T0 + 140_000)
  })
})
