/**
 * A gateway (./gateway.ts, or the chat, coaching and done-work ones) as one object whose
 * code loads on its first call: every property is a call that awaits `load()` and then
 * makes the real gateway's call of that name, with the same arguments, answering its
 * result or its rejection. A failed load rejects that call; the next call loads again if
 * `load` lets it. This module imports nothing, so the screens that make no call never load
 * Effect or the contract (docs/decisions/044).
 */
type Calls<T> = { readonly [K in keyof T]: (...args: never) => Promise<unknown> }

export function lazyCalls<T extends Calls<T>>(load: () => Promise<T>): T {
  const made = new Map<string, (...args: ReadonlyArray<unknown>) => Promise<unknown>>()
  const callNamed =
    (name: string) =>
    async (...args: ReadonlyArray<unknown>): Promise<unknown> => {
      const real = await load()
      const call: unknown = Reflect.get(real, name)
      if (typeof call !== "function") throw new TypeError(`The gateway has no call named ${name}`)
      return (call as (...args: ReadonlyArray<unknown>) => Promise<unknown>).apply(real, [...args])
    }
  return new Proxy({} as T, {
    get: (_, name) => {
      // Not a thenable (awaiting the gateway answers the gateway), and no symbol is a call.
      if (typeof name !== "string" || name === "then") return undefined
      let call = made.get(name)
      if (call === undefined) made.set(name, (call = callNamed(name)))
      return call
    }
  })
}

/** A gateway whose every call waits forever: stories that show a machine still loading. */
export const unansweredCalls = <T extends Calls<T>>(): T => lazyCalls<T>(() => new Promise<never>(() => undefined))
