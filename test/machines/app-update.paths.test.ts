/**
 * The app update walked by its own model, in a browser with service workers and one
 * without: every state and transition (the eventless support check and the takeover's
 * patience included), replayed on a running actor over a fake service worker. What matters
 * to the lifter: the offer shows exactly while a new version waits or takes over, pressing
 * Update asks the waiting version once, the page reloads exactly once and only after the new
 * version is in control (never onto a mix of old HTML and new chunks), and the worker is
 * registered once and watched for as long as the app runs.
 */
import { afterEach, describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { appUpdateImplementations, type AppUpdatePorts } from "#machines/app-update/app-update.actors.ts"
import { appUpdateMachine } from "#machines/app-update/app-update.machine.ts"
import {
  selectUpdateOffer,
  UPDATE,
  UPDATE_READY,
  UPDATING,
  type AppUpdateSnapshot
} from "#machines/app-update/app-update.selectors.ts"
import type { AppUpdateEvent, WorkerReports } from "#machines/app-update/app-update.types.ts"
import { combinedCoverage, delayedEvents, initialStep, leafOf, modelOf } from "./client-model-walk.ts"
import { replayPath } from "./coach-stub-actors.ts"

type ModelEvent = AppUpdateEvent | { readonly type: string }

const TAKEOVER_PATIENCE_MS = 10_000

/** A browser whose service worker the test drives: it reports a waiting version or a takeover when told. */
function fakeBrowser(supported: boolean) {
  const watchers = new Set<WorkerReports>()
  const state = { watchCalls: 0, activations: 0, reloads: 0 }
  const ports: AppUpdatePorts = {
    isSupported: () => supported,
    watchWorker: (reports) => {
      state.watchCalls++
      watchers.add(reports)
      return () => watchers.delete(reports)
    },
    activateUpdate: () => {
      state.activations++
    },
    reload: () => {
      state.reloads++
    }
  }
  return {
    ports,
    watchers,
    state,
    updateReady: () => watchers.forEach((reports) => reports.updateReady()),
    activated: () => watchers.forEach((reports) => reports.activated())
  }
}

const events = (snapshot: AppUpdateSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "update.ready" },
  { type: "update.activated" },
  { type: "update.accept" },
  ...delayedEvents(snapshot)
]

const browsers = { "with service workers": true, "without service workers": false } as const

const models = Object.entries(browsers).map(([name, supported]) => {
  const machine = appUpdateMachine.provide(appUpdateImplementations(fakeBrowser(supported).ports))
  const walk = modelOf<AppUpdateSnapshot, ModelEvent>(machine, {
    input: undefined,
    events,
    serialize: (snapshot) => JSON.stringify(snapshot.value)
  })
  // "checking" is only passed through on the way in (its eventless branches are the proof),
  // and "unsupported" is where a browser without service workers starts and stays.
  const start = initialStep(machine, undefined)
  const passedThrough = start.taken.map((transition) => transition.source.path.join("."))
  const reachedStates = [...new Set([...walk.reachedStates, ...passedThrough, leafOf(start.snapshot)])].sort()
  return { name, supported, walk, coverage: { ...walk, reachedStates } }
})

describe("the app update machine's model", () => {
  const coverage = combinedCoverage(models.map((m) => m.coverage))
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless, delayed and parent-level ones included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

function expectWhatTheLifterNotices(
  snapshot: AppUpdateSnapshot,
  browser: ReturnType<typeof fakeBrowser>,
  acceptsSoFar: number
) {
  const leaf = leafOf(snapshot)
  const watching = leaf.startsWith("watching.")
  // The worker is registered once, and listened to exactly while the app may still update.
  expect(browser.state.watchCalls).toBe(browser.ports.isSupported() ? 1 : 0)
  expect(browser.watchers.size).toBe(watching ? 1 : 0)
  // The waiting version is asked to take over once per press, never without one.
  expect(browser.state.activations).toBe(acceptsSoFar)
  // One reload, and only once the new version is in control.
  expect(browser.state.reloads).toBe(leaf === "reloading" ? 1 : 0)
  const offer = selectUpdateOffer(snapshot)
  if (leaf === "watching.updateReady") expect(offer).toEqual({ message: UPDATE_READY, button: UPDATE, canUpdate: true })
  else if (leaf === "watching.updating" || leaf === "reloading") {
    expect(offer).toEqual({ message: UPDATE_READY, button: UPDATING, canUpdate: false })
  } else expect(offer).toBeNull()
}

afterEach(() => {
  vi.useRealTimers()
})

describe("a running app update, driven along the model", () => {
  const walks = models.flatMap((m) =>
    m.walk.walksForEveryTransition.map((edge) => [`${m.name}: ${edge.name}`, m.supported, edge] as const)
  )

  test.each(walks)("%s", async (_, supported, edge) => {
    vi.useFakeTimers()
    const browser = fakeBrowser(supported)
    const actor = createActor(appUpdateMachine.provide(appUpdateImplementations(browser.ports))).start()
    let accepts = 0
    // The worker's reports come the way the browser brings them, through the watcher.
    const worker = {
      send: (event: ModelEvent) => {
        if (event.type === "update.ready") browser.updateReady()
        else if (event.type === "update.activated") browser.activated()
        else actor.send(event as AppUpdateEvent)
      }
    }
    await replayPath<AppUpdateSnapshot, ModelEvent>(
      actor.getSnapshot(),
      edge.path,
      worker as never,
      {},
      (expected, event) => {
        if (event?.type === "update.accept") accepts++
        expect(actor.getSnapshot().value).toEqual(expected.value)
        expectWhatTheLifterNotices(actor.getSnapshot(), browser, accepts)
      },
      { takeoverPatience: TAKEOVER_PATIENCE_MS }
    )
    actor.stop()
    expect(browser.watchers.size).toBe(0)
  })
})

describe("a new version that takes its time", () => {
  test("is offered again after the patience runs out, and a second press asks again", () => {
    vi.useFakeTimers()
    const browser = fakeBrowser(true)
    const actor = createActor(appUpdateMachine.provide(appUpdateImplementations(browser.ports))).start()
    browser.updateReady()
    actor.send({ type: "update.accept" })
    vi.advanceTimersByTime(TAKEOVER_PATIENCE_MS - 1)
    expect(actor.getSnapshot().value).toEqual({ watching: "updating" })
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toEqual({ watching: "updateReady" })
    actor.send({ type: "update.accept" })
    browser.activated()
    expect(browser.state.activations).toBe(2)
    expect(browser.state.reloads).toBe(1)
    actor.stop()
  })

  test("another tab's update reloads this one too, offered or not", () => {
    const browser = fakeBrowser(true)
    const actor = createActor(appUpdateMachine.provide(appUpdateImplementations(browser.ports))).start()
    browser.activated()
    expect(actor.getSnapshot().value).toBe("reloading")
    expect(browser.state.activations).toBe(0)
    expect(browser.state.reloads).toBe(1)
    // A page on its way out hears nothing more.
    expect(browser.watchers.size).toBe(0)
    actor.stop()
  })
})
