/**
 * Journeys through the account screens: walks of the session machine's model,
 * each step performed the way a person would (typing, clicking) on the rendered
 * forms, or answered by the stubbed identity service and server. After every step
 * the running session must be where the model says, and the screen must show it.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { createActor, type Actor } from "xstate"
import { TestModel } from "xstate/graph"
import { describe, expect, test } from "vitest"
import type { UserRecord, UserType } from "#domain/user.ts"
import {
  sessionImplementations,
  type AccountsPort,
  type IdentityPort,
  type SessionNavigation
} from "#machines/session/session.actors.ts"
import {
  clientIdentity,
  clientRecord,
  coachIdentity,
  coachRecord,
  createScriptedActors,
  emailInUse,
  networkDown,
  newcomerIdentity,
  newcomerRecord,
  ok,
  wrongPassword,
  type ScriptedActors
} from "#machines/session/session.fixtures.ts"
import { sessionMachine } from "#machines/session/session.machine.ts"
import { selectRedirectTarget, type SessionSnapshot } from "#machines/session/session.selectors.ts"
import type { SessionEvent } from "#machines/session/session.types.ts"
import { ForgotPasswordForm } from "#ui/account/forgot-password-form.tsx"
import { LoginForm } from "#ui/account/login-form.tsx"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { ProfileForm } from "#ui/account/profile-form.tsx"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { SignupForm } from "#ui/account/signup-form.tsx"
import { StoryRouter } from "#ui/story-router.tsx"

type Page = "login" | "signup" | "forgot-password" | "profile"
type SessionActor = Actor<typeof sessionMachine>

const FORMS: Record<Page, (props: { session: SessionActor }) => React.ReactNode> = {
  login: LoginForm,
  signup: SignupForm,
  "forgot-password": ForgotPasswordForm,
  profile: ({ session }) => (
    <>
      <ProfileForm session={session} />
      <LogoutButton session={session} />
    </>
  )
}

async function showPage(page: Page, session: SessionActor) {
  const Form = FORMS[page]
  render(
    <StoryRouter initialPath={`/${page}`}>
      <SessionStatus session={session}>
        <Form session={session} />
      </SessionStatus>
    </StoryRouter>
  )
  // The router renders its first match asynchronously.
  await waitFor(() => expect(document.querySelector(".account-form, .account-status")).not.toBeNull())
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }))

// ---------------------------------------------------------------------------
// Model walks: the model predicts, the person acts, the stubs answer.

type ModelEvent =
  | SessionEvent
  | { readonly type: "xstate.init" }
  | { readonly type: `xstate.done.actor.${string}`; readonly output: unknown }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown }

const done = (id: string, output?: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output })
const failure = (id: string, error: unknown = networkDown): ModelEvent => ({ type: `xstate.error.actor.${id}`, error })

const model = new TestModel<SessionSnapshot, ModelEvent, { useRedirect: boolean }>(
  sessionMachine as unknown as ConstructorParameters<
    typeof TestModel<SessionSnapshot, ModelEvent, { useRedirect: boolean }>
  >[0],
  { input: { useRedirect: false }, stateMatcher: (_, key) => key === "*" }
)

/** How a person (or the stubbed service) performs each model event. */
function performer(script: ScriptedActors) {
  return (event: ModelEvent) => {
    switch (event.type) {
      case "xstate.init":
        return undefined
      case "login.submit":
        type("Email", event.email)
        type("Password", event.password)
        return click("Log In")
      case "google.start":
        return fireEvent.click(screen.getByRole("button", { name: /with Google/ }))
      case "signup.submit":
        fireEvent.change(screen.getByLabelText("User type"), { target: { value: event.userType } })
        type("Name", event.name)
        type("Email", event.email)
        type("Password", event.password)
        type("Password Confirmation", event.confirmation)
        return click("Sign Up")
      case "signup.complete":
        fireEvent.change(screen.getByLabelText("User type"), { target: { value: event.userType } })
        type("Name", event.name)
        return click("Finish Sign Up")
      case "password.reset":
        type("Email", event.email)
        return click("Reset Password")
      case "profile.update":
        type("Email", event.email)
        type("New password", event.password)
        type("Password Confirmation", event.confirmation)
        return click("Update")
      case "logout.request":
        return click("Log Out")
      case "auth.changed":
        act(() => {
          script.emitAuth(event.identity)
        })
        return
      default:
        act(() => {
          if ("output" in event) script.settle(event.type.replace("xstate.done.actor.", "") as never, event.output)
          else if ("error" in event) script.fail(event.type.replace("xstate.error.actor.", "") as never, event.error)
          else throw new Error(`no way to perform ${event.type}`)
        })
    }
  }
}

async function walk(
  page: Page,
  events: ReadonlyArray<ModelEvent>,
  onScreen: (snapshot: SessionSnapshot) => void = () => {}
) {
  const script = createScriptedActors()
  const session = createActor(sessionMachine.provide(script.implementations), { input: { useRedirect: false } })
  session.start()
  await showPage(page, session)
  const [path] = model.getPathsFromEvents([...events])
  if (path === undefined) throw new Error("the model has no path for these events")
  const perform = performer(script)
  await model.testPath(path, {
    events: new Proxy({}, { get: () => (step: { event: ModelEvent }) => perform(step.event) }),
    states: {
      "*": async (expected) => {
        await settle()
        expect(session.getSnapshot().value).toEqual(expected.value)
        onScreen(session.getSnapshot())
      }
    }
  })
  return { session, script }
}

const signedOut: ReadonlyArray<ModelEvent> = [
  done("readRedirectResult", ok(null)),
  { type: "auth.changed", identity: null }
]
const signedInAsCoach: ReadonlyArray<ModelEvent> = [
  { type: "auth.changed", identity: coachIdentity },
  done("readRedirectResult", ok(null)),
  done("refreshToken", { verified: true, refreshed: false }),
  done("checkUser", coachRecord)
]

const signup = (password: string, confirmation: string, userType: UserType = "Coach"): ModelEvent => ({
  type: "signup.submit",
  name: "Cy Newcomer",
  email: newcomerIdentity.email,
  password,
  confirmation,
  userType
})

describe("walks of the session model through the rendered account screens", () => {
  test("typing mismatched passwords on signup shows 'Passwords do not match' and creates no account", async () => {
    const { script } = await walk("signup", [...signedOut, signup("pw-123456", "pw-654321")])
    expect(screen.getByRole("alert").textContent).toContain("Passwords do not match")
    expect(script.calls.map((call) => call.name)).not.toContain("createAccount")
  })

  test("signing up by email as a Coach disables the button while it runs and ends on the coach dashboard", async () => {
    const { session } = await walk(
      "signup",
      [
        ...signedOut,
        signup("pw-123456", "pw-123456"),
        done("createAccount", ok(newcomerIdentity)),
        done("registerUser", newcomerRecord("Cy Newcomer", "Coach"))
      ],
      (snapshot) => {
        if (snapshot.matches("creatingAccount") || snapshot.matches("registering")) {
          expect(screen.getByRole("button", { name: "Signing up…" })).toHaveProperty("disabled", true)
        }
      }
    )
    expect(selectRedirectTarget(session.getSnapshot())).toBe("/coach/dashboard")
    expect(session.getSnapshot().context.user.signInMethod).toBe("email")
  })

  test("a new Google user is asked only for name and type, then lands on their dashboard", async () => {
    const { session, script } = await walk(
      "signup",
      [
        ...signedOut,
        { type: "google.start" },
        done("signInWithGooglePopup", ok(newcomerIdentity)),
        done("refreshToken", { verified: false, refreshed: false }),
        done("checkUser", null),
        { type: "signup.complete", name: "Cy Newcomer", userType: "Client" },
        done("registerUser", newcomerRecord("Cy Newcomer", "Client"))
      ],
      (snapshot) => {
        if (!snapshot.matches("needsSignup")) return
        expect(selectRedirectTarget(snapshot)).toBe("/signup")
        expect(
          screen.getByText(
            "Thanks for signing up! We just need the following information to finish setting up your account."
          )
        ).toBeTruthy()
        expect(screen.queryByLabelText("Password")).toBeNull()
        expect(screen.getByLabelText("User type")).toHaveProperty("value", "Client")
      }
    )
    expect(script.calls.find((call) => call.name === "registerUser")?.input).toEqual({
      name: "Cy Newcomer",
      userType: "Client",
      email: newcomerIdentity.email,
      firebaseId: newcomerIdentity.uid
    })
    expect(selectRedirectTarget(session.getSnapshot())).toBe("/client/dashboard")
    expect(session.getSnapshot().context.user.signInMethod).toBe("google popup")
  })

  test("a password reset shows 'Check your inbox for further instructions'", async () => {
    await walk("forgot-password", [
      ...signedOut,
      { type: "password.reset", email: coachIdentity.email },
      done("sendPasswordReset")
    ])
    expect(screen.getByRole("status").textContent).toContain("Check your inbox for further instructions")
  })

  test("a failed password reset asks the person to check their email", async () => {
    await walk("forgot-password", [
      ...signedOut,
      { type: "password.reset", email: "nobody@example.com" },
      failure("sendPasswordReset")
    ])
    expect(screen.getByRole("alert").textContent).toContain("Error, please check the format and spelling of your email")
  })

  test("mismatched passwords on the profile say 'Passwords do not match' and change nothing", async () => {
    const { script } = await walk("profile", [
      ...signedInAsCoach,
      { type: "profile.update", email: coachRecord.email, password: "n3w-pass", confirmation: "typo" }
    ])
    expect(screen.getByRole("alert").textContent).toContain("Passwords do not match")
    expect(script.calls.map((call) => call.name)).toEqual(["readRedirectResult", "refreshToken", "checkUser"])
  })

  test("a new password with the same email changes only the password, then shows home", async () => {
    const { script } = await walk(
      "profile",
      [
        ...signedInAsCoach,
        { type: "profile.update", email: coachRecord.email, password: "n3w-pass", confirmation: "n3w-pass" },
        done("updatePassword", ok(undefined))
      ],
      (snapshot) => {
        if (!snapshot.matches({ signedIn: "updatingPassword" })) return
        expect(screen.getByRole("button", { name: "Updating…" })).toHaveProperty("disabled", true)
      }
    )
    expect(script.calls.map((call) => call.name)).not.toContain("updateEmail")
    // docs/product.md: the session itself navigates to / and is ready for another change.
    expect(script.shown).toEqual(["home"])
    expect(screen.getByRole("button", { name: "Update" })).toHaveProperty("disabled", false)
  })

  test("a failed logout stays signed in and says so", async () => {
    await walk("profile", [
      ...signedInAsCoach,
      { type: "logout.request" },
      done("countUnsent", { sets: 0, messages: 0 }),
      failure("signOut")
    ])
    expect(screen.getByRole("alert").textContent).toContain("Logging out failed")
  })
})

// ---------------------------------------------------------------------------
// The real actor wrappers over fake ports: the service's own errors become messages.

const rejecting = (error: Error) => () => Promise.reject(error)

function fakePorts(
  overrides: Partial<IdentityPort> = {},
  accounts: Partial<AccountsPort> = {},
  navigation: SessionNavigation = { showHome: () => undefined }
) {
  const identity: IdentityPort = {
    signInWithEmail: () => Promise.resolve(coachIdentity),
    signUpWithEmail: () => Promise.resolve(newcomerIdentity),
    signInWithGooglePopup: () => Promise.resolve(clientIdentity),
    startGoogleRedirect: () => Promise.resolve(),
    getGoogleRedirectResult: () => Promise.resolve(null),
    sendPasswordReset: () => Promise.resolve(),
    updateEmail: () => Promise.resolve(),
    updatePassword: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
    onAuthChange: (listener) => {
      queueMicrotask(() => listener(null))
      return () => undefined
    },
    ...overrides
  }
  const server: AccountsPort = {
    checkUser: ({ firebaseId }) =>
      Promise.resolve([coachRecord, clientRecord].find((record) => record.firebase_id === firebaseId) ?? null),
    signup: (payload) => Promise.resolve(newcomerRecord(payload.name, payload.userType)),
    ...accounts
  }
  return sessionImplementations({ identity, accounts: server, navigation })
}

async function signInThroughTheForm(implementations: ReturnType<typeof fakePorts>) {
  const session = createActor(sessionMachine.provide(implementations), { input: { useRedirect: false } })
  session.start()
  await showPage("login", session)
  await screen.findByRole("button", { name: "Log In" })
  type("Email", coachIdentity.email)
  type("Password", "whatever")
  click("Log In")
  await settle()
  await settle()
  return session
}

describe("the account screens over the real actors", () => {
  test("a wrong password shows a clear message and leaves the form usable", async () => {
    const silenced = console.error
    console.error = () => undefined
    try {
      const session = await signInThroughTheForm(fakePorts({ signInWithEmail: rejecting(wrongPassword) }))
      expect(screen.getByRole("alert").textContent).toContain("Wrong email or password")
      expect(screen.getByRole("button", { name: "Log In" })).toHaveProperty("disabled", false)
      expect(session.getSnapshot().value).toEqual({ signedOut: "idle" })
    } finally {
      console.error = silenced
    }
  })

  test("a network failure during login says the server could not be reached", async () => {
    const silenced = console.error
    console.error = () => undefined
    try {
      await signInThroughTheForm(fakePorts({ signInWithEmail: rejecting(networkDown) }))
      expect(screen.getByRole("alert").textContent).toContain("We couldn't reach the server")
    } finally {
      console.error = silenced
    }
  })

  test("a correct password signs the coach in and points to the coach dashboard", async () => {
    const session = await signInThroughTheForm(fakePorts())
    await settle()
    expect(selectRedirectTarget(session.getSnapshot())).toBe("/coach/dashboard")
    expect(session.getSnapshot().context.user.signInMethod).toBe("email")
  })

  test("an email already in use is said plainly on signup", async () => {
    const silenced = console.error
    console.error = () => undefined
    try {
      const session = createActor(sessionMachine.provide(fakePorts({ signUpWithEmail: rejecting(emailInUse) })), {
        input: { useRedirect: false }
      })
      session.start()
      await showPage("signup", session)
      await screen.findByRole("button", { name: "Sign Up" })
      type("Name", "Ada")
      type("Email", coachIdentity.email)
      type("Password", "pw-123456")
      type("Password Confirmation", "pw-123456")
      click("Sign Up")
      await settle()
      expect(screen.getByRole("alert").textContent).toContain("That email is already in use")
    } finally {
      console.error = silenced
    }
  })

  test("a saved profile asks the identity service once, then the session shows home", async () => {
    const asked: Array<string> = []
    const shown: Array<string> = []
    const implementations = fakePorts(
      {
        onAuthChange: (listener) => {
          queueMicrotask(() => listener(coachIdentity))
          return () => undefined
        },
        updatePassword: (password) => {
          asked.push(password)
          return Promise.resolve()
        }
      },
      {},
      { showHome: () => void shown.push("/") }
    )
    const session = createActor(sessionMachine.provide(implementations), { input: { useRedirect: false } })
    session.start()
    await waitFor(() => expect(session.getSnapshot().matches({ signedIn: "idle" })).toBe(true))
    await showPage("profile", session)
    type("New password", "n3w-pass")
    type("Password Confirmation", "n3w-pass")
    click("Update")
    await waitFor(() => expect(shown).toEqual(["/"]))
    expect(asked).toEqual(["n3w-pass"])
    expect(session.getSnapshot().value).toEqual({ signedIn: "idle" })
  })

  test("a client back from the verification link is told 'checking' until our server, asked with a refreshed token, answers", async () => {
    const order: Array<string> = []
    let answer: (record: UserRecord | null) => void = () => undefined
    const implementations = fakePorts(
      {
        // Firebase reloads the user on a page load: it says verified.
        onAuthChange: (listener) => {
          queueMicrotask(() => listener(clientIdentity))
          return () => undefined
        },
        refreshVerifiedToken: () => {
          order.push("refresh")
          return Promise.resolve({ verified: true, refreshed: true })
        }
      },
      {
        checkUser: () => {
          order.push("check")
          return new Promise((resolve) => (answer = resolve))
        }
      }
    )
    const session = createActor(sessionMachine.provide(implementations), {
      input: { useRedirect: false, resumeAs: clientRecord }
    })
    session.start()
    render(
      <SessionStatus session={session}>
        <p>Dashboard</p>
      </SessionStatus>
    )
    await waitFor(() => expect(order).toEqual(["refresh", "check"]))
    const notice = screen.getByRole("status", { name: "Verify your email" })
    expect(notice.textContent).toContain("Checking your verification…")
    expect(notice.textContent).toContain("Your coach will see you as soon as it is confirmed.")
    expect(screen.getByText("Dashboard")).toBeTruthy()

    act(() => answer(clientRecord))
    await waitFor(() => expect(session.getSnapshot().value).toEqual({ signedIn: "idle" }))
    expect(screen.queryByRole("status", { name: "Verify your email" })).toBeNull()
  })
})
