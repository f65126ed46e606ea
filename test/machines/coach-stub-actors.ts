/**
 * Shared by the coach machines' path tests: promise actors that wait for the test to
 * answer, and a replay that drives a running actor along a model path, turning the
 * model's actor-outcome and delay events into answers and elapsed time.
 */
import { vi } from "vitest"
import { fromPromise, type AnyActorRef, type EventObject, type Snapshot } from "xstate"
import type { StatePath } from "xstate/graph"

interface Call {
  readonly input: unknown
  readonly resolve: (output: unknown) => void
  readonly reject: (error: unknown) => void
}

export function deferredActors<const Name extends string>(names: ReadonlyArray<Name>) {
  const pending = new Map<string, Call>()
  const calls: Array<{ readonly name: Name; readonly input: unknown }> = []
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, input })
            pending.set(name, { input, resolve, reject })
          })
      )
    ])
    // Typed loosely on purpose: each machine's provide() checks the names, the test answers the values.
  ) as never
  const take = (name: string): Call => {
    const call = pending.get(name)
    if (call === undefined) throw new Error(`${name} was not called, so it cannot be answered`)
    pending.delete(name)
    return call
  }
  return {
    actors,
    calls,
    isWaitingFor: (name: string) => pending.has(name),
    inputOf: (name: string) => pending.get(name)?.input,
    settle: (name: string, output: unknown) => take(name).resolve(output),
    fail: (name: string, error: unknown) => take(name).reject(error)
  }
}

export type DeferredActors = ReturnType<typeof deferredActors>

export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
export const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as const

const settleMicrotasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

/**
 * Sends each step of `path` to `actor`: actor outcomes answer the stub, `xstate.after.*`
 * advances fake timers by `delays[name]`, anything else is sent as is. First on the
 * initial snapshot, then after each step, `check(expectedSnapshot, lastEvent)` runs
 * against the live actor.
 */
export async function replayPath<S extends Snapshot<unknown>, E extends EventObject>(
  initial: S,
  path: StatePath<S, E>,
  actor: AnyActorRef,
  stubs: DeferredActors,
  check: (expected: S, event: E | undefined) => void,
  delays: Readonly<Record<string, number>> = {}
): Promise<void> {
  await settleMicrotasks()
  check(initial, undefined)
  for (const { event, state } of path.steps) {
    const type = event.type
    if (type.startsWith("xstate.done.actor.")) stubs.settle(type.slice("xstate.done.actor.".length), (event as { output?: unknown }).output)
    else if (type.startsWith("xstate.error.actor.")) stubs.fail(type.slice("xstate.error.actor.".length), (event as { error?: unknown }).error)
    else if (type.startsWith("xstate.after.")) {
      const name = type.split(".")[2] ?? ""
      const ms = delays[name]
      if (ms === undefined) throw new Error(`no duration given for the delay ${name}`)
      vi.advanceTimersByTime(ms)
    } else actor.send(event)
    await settleMicrotasks()
    check(state, event)
  }
}
