import "fake-indexeddb/auto"
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, test } from "vitest"
import type { UserRecord } from "#domain/user.ts"
import type { AccountsPort, IdentityPort, IdentityUserLike } from "#machines/session/session.actors.ts"
import {
  clientIdentity,
  clientRecord,
  coachIdentity,
  coachRecord,
  newcomerIdentity
} from "#machines/session/session.fixtures.ts"
import { rememberedUser } from "#identity/remembered-user.ts"
import { silentLive } from "#gateway/live-feed.ts"
import { createAppRouter } from "../../src/router.tsx"
import { lateNavigation, startSession } from "../../src/services.ts"
import { lazyCalls } from "#gateway/lazy-calls.ts"

// Every route of docs/product.md (Screens) behind its guard: the app's router and session
// machine, with the identity service and our server played by stand-ins.

type Person = "signed out" | "coach" | "client" | "newcomer"

const PEOPLE: Record<Exclude<Person, "signed out">, { identity: IdentityUserLike; record: UserRecord | null }> = {
  coach: { identity: coachIdentity, record: coachRecord },
  client: { identity: clientIdentity, record: clientRecord },
  // Signed in with Google, unknown to our server: must finish signing up.
  newcomer: { identity: newcomerIdentity, record: null }
}

const unused = () => Promise.reject(new Error("not used by these tests"))

/** An identity service that remembers one signed-in person and tells listeners about changes. */
function stubIdentity(person: Person): IdentityPort {
  let current: IdentityUserLike | null = person === "signed out" ? null : PEOPLE[person].identity
  const listeners = new Set<(identity: IdentityUserLike | null) => void>()
  const become = (identity: IdentityUserLike | null) => {
    current = identity
    for (const listener of listeners) listener(identity)
  }
  return {
    signInWithEmail: (email) => {
      const found = Object.values(PEOPLE).find((candidate) => candidate.identity.email === email)
      if (found === undefined)
        return Promise.reject(Object.assign(new Error("no such user"), { code: "auth/invalid-credential" }))
      become(found.identity)
      return Promise.resolve(found.identity)
    },
    signUpWithEmail: unused,
    signInWithGooglePopup: unused,
    startGoogleRedirect: unused,
    getGoogleRedirectResult: () => Promise.resolve(null),
    sendPasswordReset: unused,
    updateEmail: unused,
    updatePassword: unused,
    signOut: () => {
      become(null)
      return Promise.resolve()
    },
    onAuthChange: (listener) => {
      listeners.add(listener)
      queueMicrotask(() => listener(current))
      return () => listeners.delete(listener)
    }
  }
}

const stubAccounts: AccountsPort = {
  checkUser: ({ firebaseId }) =>
    Promise.resolve(Object.values(PEOPLE).find((person) => person.identity.uid === firebaseId)?.record ?? null),
  signup: unused
}

/** A device's storage, in memory, with what it holds readable by the test. */
function deviceStorage(remembered: UserRecord | null = null) {
  const items = new Map<string, string>()
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key)
  }
  const memory = rememberedUser(storage)
  memory.keep(remembered)
  return { memory, remembers: () => memory.recall() }
}

function openApp(
  path: string,
  person: Person = "signed out",
  options: { identity?: IdentityPort; device?: ReturnType<typeof deviceStorage> } = {}
) {
  const device = options.device ?? deviceStorage()
  const navigation = lateNavigation()
  const session = startSession({
    identity: options.identity ?? stubIdentity(person),
    accounts: stubAccounts,
    navigation,
    memory: device.memory,
    useRedirect: false
  })
  const noLoad = () => Promise.reject(new Error("no API in route tests"))
  const noApi = lazyCalls(noLoad)
  const services = {
    session,
    gateway: noApi,
    preloadGateway: noLoad,
    chat: noApi,
    coaching: noApi,
    doneWork: noApi,
    data: noApi,
    videos: noApi,
    live: silentLive,
    navigation
  }
  const router = createAppRouter({ services, history: createMemoryHistory({ initialEntries: [path] }) })
  render(<RouterProvider router={router} />)
  return { router, session, device }
}

async function visit(path: string, person: Person = "signed out") {
  openApp(path, person)
  return (await screen.findByRole("heading", { level: 1 })).textContent
}

/** Where the app ends up: path plus search, once the guards are done. */
async function settlesOn(router: ReturnType<typeof openApp>["router"], href: string) {
  await waitFor(() => expect(router.state.location.href).toBe(href))
  await screen.findByRole("heading", { level: 1 })
}

const navLinks = () =>
  within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")])

const publicRoutes = [
  ["/", "Sign in"],
  ["/login", "Sign in"],
  ["/signup", "Sign up"],
  ["/forgot-password", "Forgot password"]
] as const

const areaRoutes = [
  ["/coach", "Dashboard"],
  ["/coach/dashboard", "Dashboard"],
  ["/coach/profile", "Profile"],
  ["/coach/calendar", "Calendar"],
  ["/coach/progress", "Progress"],
  ["/coach/chat", "Chat"],
  ["/coach/workouts/7/03-14-2024", "Thursday, March 14, 2024"],
  ["/coach/workoutbuilder/7/03-14-2024", "Workout builder"],
  ["/coach/clients/7/maxes", "Maxes"],
  ["/coach/copy/7/03-14-2024", "Copy Thursday, March 14, 2024"],
  ["/client", "Hello, Bo!"],
  ["/client/dashboard", "Hello, Bo!"],
  ["/client/calendar", "Calendar"],
  ["/client/progress", "Progress"],
  ["/client/chat", "Chat"],
  ["/client/profile", "Bo Client"],
  ["/client/workouts/03-14-2024", "Thursday, March 14, 2024"],
  ["/client/workouts/03-14-2024/0", "Workout"]
] as const

const ownerOf = (path: string): Person => (path.startsWith("/coach") ? "coach" : "client")

describe("the public route, signed out,", () => {
  test.each(publicRoutes)("%s shows the heading %s and no bottom navigation", async (path, heading) => {
    expect(await visit(path)).toBe(heading)
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull()
  })
})

describe("the signed-in route", () => {
  test.each(areaRoutes)(
    "%s shows the heading %s above the area's bottom bar, SPEC's dashboard and calendar first",
    async (path, heading) => {
      expect(await visit(path, ownerOf(path))).toBe(heading)
      // docs/decisions/022-navigation.md: every screen of the area is one tap away.
      expect(navLinks()).toEqual(
        path.startsWith("/coach")
          ? [
              ["Dashboard", "/coach/dashboard"],
              ["Calendar", "/coach/calendar"],
              ["Chat", "/coach/chat"],
              ["Profile", "/coach/profile"]
            ]
          : [
              ["Dashboard", "/client/dashboard"],
              ["Calendar", "/client/calendar"],
              ["Progress", "/client/progress"],
              ["Chat", "/client/chat"],
              ["Profile", "/client/profile"]
            ]
      )
    }
  )
})

describe("a path no route matches", () => {
  test.each([
    ["/nope", "signed out"],
    ["/coach/nope", "coach"],
    ["/client/workouts/03-14-2024/0/extra", "client"],
    ["/login/extra", "signed out"]
  ] as const)("%s shows the not-found message", async (path, person) => {
    expect(await visit(path, person)).toBe("There's nothing here: 404!")
  })
})

describe("the guards", () => {
  const silent: IdentityPort = { ...stubIdentity("signed out"), onAuthChange: () => () => undefined }

  test("show 'Loading...' until the identity service has said who is signed in", async () => {
    openApp("/coach/calendar", "signed out", { identity: silent })
    expect((await screen.findByRole("status")).textContent).toBe("Loading...")
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull()
  })

  test("send a signed-out person on /coach/calendar to /login, remembering where they were going", async () => {
    const { router } = openApp("/coach/calendar")
    await settlesOn(router, "/login?redirect=%2Fcoach%2Fcalendar")
    expect(screen.getByRole("button", { name: "Log In" })).toBeTruthy()
  })

  test("send a signed-out person on /client/dashboard to /login", async () => {
    const { router } = openApp("/client/dashboard")
    await settlesOn(router, "/login?redirect=%2Fclient%2Fdashboard")
  })

  test("send a Client on a coach page to /login, which says who is signed in", async () => {
    const { router } = openApp("/coach/calendar", "client")
    await settlesOn(router, "/login?redirect=%2Fcoach%2Fcalendar")
    expect(screen.getByRole("status").textContent).toContain("signed in as bo@example.com (Client)")
    expect(screen.getByRole("button", { name: "Log Out" })).toBeTruthy()
  })

  test("send a Coach on a client page to /login", async () => {
    const { router } = openApp("/client/calendar", "coach")
    await settlesOn(router, "/login?redirect=%2Fclient%2Fcalendar")
  })

  test.each(["/", "/login", "/signup", "/forgot-password"])(
    "send a signed-in coach on %s to /coach/dashboard",
    async (path) => {
      const { router } = openApp(path, "coach")
      await settlesOn(router, "/coach/dashboard")
    }
  )

  test("send a signed-in client on /login to /client/dashboard", async () => {
    const { router } = openApp("/login", "client")
    await settlesOn(router, "/client/dashboard")
  })

  test("send a signed-in person on /login to the page they were going to", async () => {
    const { router } = openApp("/login?redirect=%2Fclient%2Fcalendar", "client")
    await settlesOn(router, "/client/calendar")
  })

  test("never send anyone off the site through the redirect parameter", async () => {
    const { router } = openApp("/login?redirect=%2F%2Fevil.example%2Fcoach", "coach")
    await settlesOn(router, "/coach/dashboard")
  })

  test("send a person who must finish signing up from /login to /signup, which asks only name and type", async () => {
    const { router } = openApp("/login", "newcomer")
    await settlesOn(router, "/signup")
    expect(screen.getByText(/We just need the following information/)).toBeTruthy()
    expect(screen.queryByLabelText("Password")).toBeNull()
  })

  test("send a person who must finish signing up from an area page to /signup", async () => {
    const { router } = openApp("/coach/calendar", "newcomer")
    await settlesOn(router, "/signup?redirect=%2Fcoach%2Fcalendar")
  })

  test("take a person who signs in after a deep link to the page they asked for", async () => {
    const { router, session } = openApp("/coach/calendar")
    await settlesOn(router, "/login?redirect=%2Fcoach%2Fcalendar")
    act(() => session.send({ type: "login.submit", email: coachIdentity.email, password: "secret" }))
    await settlesOn(router, "/coach/calendar")
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Calendar")
  })

  test("take a person who signs in on a plain /login to their dashboard", async () => {
    const { router, session } = openApp("/login")
    await settlesOn(router, "/login")
    act(() => session.send({ type: "login.submit", email: clientIdentity.email, password: "secret" }))
    await settlesOn(router, "/client/dashboard")
  })

  test("take a coach whose profile change went through to / and on to their dashboard", async () => {
    const changed: Array<string> = []
    const identity: IdentityPort = {
      ...stubIdentity("coach"),
      updatePassword: (password) => {
        changed.push(password)
        return Promise.resolve()
      }
    }
    const { router } = openApp("/coach/profile", "coach", { identity })
    await settlesOn(router, "/coach/profile")
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "n3w-pass" } })
    fireEvent.change(screen.getByLabelText("Password Confirmation"), { target: { value: "n3w-pass" } })
    act(() => screen.getByRole("button", { name: "Update" }).click())
    await settlesOn(router, "/coach/dashboard")
    expect(changed).toEqual(["n3w-pass"])
    expect(router.state.resolvedLocation?.pathname).toBe("/coach/dashboard")
  })

  test("send a person who logs out on their dashboard to a plain /login", async () => {
    const { router } = openApp("/client/dashboard", "client")
    await settlesOn(router, "/client/dashboard")
    act(() => screen.getByRole("button", { name: "Log Out" }).click())
    await settlesOn(router, "/login")
    expect(screen.getByRole("button", { name: "Log In" })).toBeTruthy()
  })
})

describe("a device that remembers who was signed in", () => {
  const silent: IdentityPort = { ...stubIdentity("signed out"), onAuthChange: () => () => undefined }

  test("shows that person's page before the identity service has answered", async () => {
    const { router } = openApp("/client/dashboard", "signed out", {
      identity: silent,
      device: deviceStorage(clientRecord)
    })
    await settlesOn(router, "/client/dashboard")
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Hello, Bo!")
    expect(screen.queryByText("Loading...")).toBeNull()
  })

  test("sends the person to /login and forgets them when the identity service says no one is signed in", async () => {
    const device = deviceStorage(clientRecord)
    const { router } = openApp("/client/dashboard", "signed out", { device })
    await settlesOn(router, "/login?redirect=%2Fclient%2Fdashboard")
    expect(device.remembers()).toBeNull()
  })

  test("shows the page of whoever the identity service restores when it is someone else", async () => {
    const device = deviceStorage(clientRecord)
    const { router } = openApp("/client/dashboard", "coach", { device })
    await settlesOn(router, "/login?redirect=%2Fclient%2Fdashboard")
    expect(screen.getByRole("status").textContent).toContain("signed in as ada@example.com (Coach)")
    expect(device.remembers()).toEqual(coachRecord)
  })

  test("remembers a person once our server confirms them, and forgets them on logging out", async () => {
    const { router, device } = openApp("/client/dashboard", "client")
    await settlesOn(router, "/client/dashboard")
    await waitFor(() => expect(device.remembers()).toEqual(clientRecord))
    act(() => screen.getByRole("button", { name: "Log Out" }).click())
    await settlesOn(router, "/login")
    expect(device.remembers()).toBeNull()
  })

  test("reads back nothing that is not a whole user record", () => {
    const items = new Map([["strength-coach:signed-in-user", '{"id":1,"name":"Bo"}']])
    const memory = rememberedUser({
      getItem: (key) => items.get(key) ?? null,
      setItem: () => undefined,
      removeItem: () => undefined
    })
    expect(memory.recall()).toBeNull()
    items.set("strength-coach:signed-in-user", "not json")
    expect(memory.recall()).toBeNull()
  })
})

describe("the current bottom-bar tab", () => {
  const currentTab = () =>
    within(screen.getByRole("navigation", { name: "Main" }))
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page")
      .map((link) => link.textContent)

  test.each([
    ["/coach", "Dashboard"],
    ["/client/dashboard", "Dashboard"],
    ["/coach/calendar", "Calendar"],
    ["/coach/workouts/7/03-14-2024", "Calendar"],
    ["/client/workouts/03-14-2024/0", "Calendar"]
  ])("on %s is %s", async (path, tab) => {
    await visit(path, ownerOf(path))
    expect(currentTab()).toEqual([tab])
  })

  test("is neither tab on a screen the bar does not list", async () => {
    await visit("/coach/progress", "coach")
    expect(currentTab()).toEqual([])
  })
})

describe("the session's navigation, bound late to the router", () => {
  test("goes where the session asks once the router has bound it, and only then", () => {
    const navigation = lateNavigation()
    const went: Array<string> = []
    navigation.showHome()
    expect(went).toEqual([])
    navigation.bind((path) => went.push(path))
    expect(went).toEqual(["/"])
    navigation.showHome()
    expect(went).toEqual(["/", "/"])
  })
})
