/// <reference types="vite/client" />

// Build-time configuration read by the browser bundle (see README, production configuration).
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  /** host:port of the Firebase Auth emulator, e.g. 127.0.0.1:9099; unset in production. */
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
