/** The Firebase web settings the adapter needs; the rest of FirebaseOptions is unused. */
export interface FirebaseWebConfig {
  readonly apiKey: string
  readonly authDomain: string
  readonly projectId: string
  /** "http://host:port" of the Auth emulator, or null to talk to the real service. */
  readonly emulatorUrl: string | null
}

const DEMO_PROJECT_ID = "demo-strength-coach"

type Env = Partial<
  Record<
    | "VITE_FIREBASE_API_KEY"
    | "VITE_FIREBASE_AUTH_DOMAIN"
    | "VITE_FIREBASE_PROJECT_ID"
    | "VITE_FIREBASE_AUTH_EMULATOR_HOST",
    string
  >
>

const nonBlank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

/**
 * Reads the VITE_FIREBASE_* build settings. Defaults describe the local demo project,
 * which the Auth emulator accepts with any API key.
 */
export function firebaseConfigFromEnv(env: Env): FirebaseWebConfig {
  const projectId = nonBlank(env.VITE_FIREBASE_PROJECT_ID) ?? DEMO_PROJECT_ID
  const emulatorHost = nonBlank(env.VITE_FIREBASE_AUTH_EMULATOR_HOST)
  return {
    apiKey: nonBlank(env.VITE_FIREBASE_API_KEY) ?? "demo-api-key",
    authDomain: nonBlank(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
    projectId,
    emulatorUrl:
      emulatorHost === undefined ? null : emulatorHost.startsWith("http") ? emulatorHost : `http://${emulatorHost}`
  }
}
