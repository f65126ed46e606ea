/**
 * The wake lock walked by its own model, in a browser with the API and one without: every
 * state and transition (the eventless support check included), replayed on a running
 * actor over stub ports. What matters to the lifter: the screen is kept on exactly while
 * the machine says "held", a lock is never left behind (not after the page drops it, not
 * after the workout page goes away), and coming back to the page asks again.
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { wakeLockImplementations, type WakeLockPorts } from "#machines/wake-lock/wake-lock.actors.ts"
import { wakeLockMachine } from "#machines/wake-lock/wake-lock.machine.ts"
import {
  SCREEN_MAY_DIM,
  SCREEN_STAYS_ON,
  selectWakeLockNotice,
  type WakeLockSnapshot
} from "#machines/wake-lock/wake-lock.selectors.ts"
import type { ScreenLock, WakeLockEvent } from "#machines/wake-lock/wake-lock.types.ts"
import { combinedCoverage, initialStep, leafOf, modelOf } from "./client-model-walk.ts"
import { done, failure, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = WakeLockEvent | ReturnType<typeof done> | ReturnType<typeof failure>

/** A browser the test controls: it answers lock requests, drops locks, and shows the page. */
function fakeBrowser(supported: boolean) {
  const requests: Array<{ resolve: (lock: ScreenLock) => void; reject: (error: unknown) => void }> = []
  const locks: Array<{ released: boolean; listeners: Set<() => void> }> = []
  const visibilityWatchers = new Set<() => void>()
  const grant = (): ScreenLock => {
    const lock = { released: false, listeners: new Set<() => void>() }
    locks.push(lock)
    return {
      onRelease: (listener) => {
        lock.listeners.add(listener)
        return () => lock.listeners.delete(listener)
      },
      release: () => void (lock.released = true)
    }
  }
  const ports: WakeLockPorts = {
    isSupported: () => supported,
    request: () => new Promise((resolve, reject) => requests.push({ resolve, reject })),
    watchVisibility: (onVisible) => {
      visibilityWatchers.add(onVisible)
      return () => visibilityWatchers.delete(onVisible)
    }
  }
  return {
    ports,
    requests,
    locks,
    visibilityWatchers,
    grant: () => requests.shift()?.resolve(grant()),
    refuse: () => requests.shift()?.reject(new DOMException("Battery saver is on", "NotAllowedError")),
    /** The browser drops every held lock, as it does when the page is hidden. */
    dropLocks: () => {
      for (const lock of locks.filter((l) => !l.released)) {
        lock.released = true
        lock.listeners.forEach((listener) => listener())
      }
    },
    showPage: () => visibilityWatchers.forEach((onVisible) => onVisible()),
    heldLocks: () => locks.filter((lock) => !lock.released).length
  }
}

const stubLock: ScreenLock = { onRelease: () => () => undefined, release: () => undefined }

const events: ReadonlyArray<ModelEvent> = [
  { type: "page.visible" },
  { type: "lock.released" },
  done("request", stubLock),
  failure("request", new DOMException("Battery saver is on", "NotAllowedError"))
]

const browsers = { "with a wake lock": true, "without a wake lock": false } as const

const models = Object.entries(browsers).map(([name, supported]) => {
  const machine = wakeLockMachine.provide(wakeLockImplementations(fakeBrowser(supported).ports))
  const walk = modelOf<WakeLockSnapshot, ModelEvent>(machine, {
    input: undefined,
    events: () => events,
    serialize: (snapshot) => JSON.stringify(snapshot.value)
  })
  // The walk counts states it rests in after an event. "checking" is only ever passed
  // through on the way in (its eventless branches are the proof), and "unsupported" is
  // where a browser without the API starts and stays: both count as reached from the start.
  const start = initialStep(machine, undefined)
  const passedThrough = start.taken.map((transition) => transition.source.path.join("."))
  const reachedStates = [...new Set([...walk.reachedStates, ...passedThrough, leafOf(start.snapshot)])].sort()
  return { name, supported, walk, coverage: { ...walk, reachedStates } }
})

describe("the wake lock machine's model", () => {
  const coverage = combinedCoverage(models.map((m) => m.coverage))
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

function expectWhatTheLifterNotices(snapshot: WakeLockSnapshot, browser: ReturnType<typeof fakeBrowser>) {
  const leaf = leafOf(snapshot)
  // The screen is kept on by exactly one lock while held, and by none otherwise.
  expect(browser.heldLocks()).toBe(leaf === "held" ? 1 : 0)
  expect(browser.requests.length).toBe(leaf === "acquiring" ? 1 : 0)
  // Coming back to the page matters only where the lock was lost or refused.
  expect(browser.visibilityWatchers.size).toBe(leaf === "released" || leaf === "failed" ? 1 : 0)
  const notice = selectWakeLockNotice(snapshot)
  expect(notice).toBe(leaf === "held" ? SCREEN_STAYS_ON : leaf === "failed" ? SCREEN_MAY_DIM : null)
}

describe("a running wake lock, driven along the model", () => {
  const walks = models.flatMap((m) =>
    m.walk.walksForEveryTransition.map((edge) => [`${m.name}: ${edge.name}`, m.supported, edge] as const)
  )

  test.each(walks)("%s", async (_, supported, edge) => {
    const browser = fakeBrowser(supported)
    const actor = createActor(wakeLockMachine.provide(wakeLockImplementations(browser.ports))).start()
    await settleMicrotasks()
    expectWhatTheLifterNotices(actor.getSnapshot(), browser)
    for (const { event, state } of edge.path.steps) {
      // Each event comes the way the browser would bring it, through the ports.
      if (event.type === "xstate.done.actor.request") browser.grant()
      else if (event.type === "xstate.error.actor.request") browser.refuse()
      else if (event.type === "lock.released") browser.dropLocks()
      else browser.showPage()
      await settleMicrotasks()
      expect(actor.getSnapshot().value).toEqual(state.value)
      expectWhatTheLifterNotices(actor.getSnapshot(), browser)
    }
    // Leaving the workout page lets the screen dim and stops watching the page.
    actor.stop()
    expect(browser.heldLocks()).toBe(0)
    expect(browser.visibilityWatchers.size).toBe(0)
  })
})

describe("leaving the page", () => {
  test("while the browser is still answering releases the lock it grants afterwards", async () => {
    const browser = fakeBrowser(true)
    const actor = createActor(wakeLockMachine.provide(wakeLockImplementations(browser.ports))).start()
    expect(actor.getSnapshot().value).toBe("acquiring")
    actor.stop()
    browser.grant()
    await settleMicrotasks()
    expect(browser.locks).toHaveLength(1)
    expect(browser.heldLocks()).toBe(0)
  })

  test("in a browser without a wake lock asks for nothing and watches nothing", () => {
    const browser = fakeBrowser(false)
    const actor = createActor(wakeLockMachine.provide(wakeLockImplementations(browser.ports))).start()
    expect(actor.getSnapshot().status).toBe("done")
    expect(browser.requests).toHaveLength(0)
    expect(browser.visibilityWatchers.size).toBe(0)
    actor.stop()
  })
})
