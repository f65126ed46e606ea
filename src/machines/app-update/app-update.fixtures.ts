import type { AppUpdatePorts } from "./app-update.actors.ts"

/** A browser for stories: it runs service workers, and its worker never reports anything. */
export const storyAppUpdatePorts: AppUpdatePorts = {
  isSupported: () => true,
  watchWorker: () => () => undefined,
  activateUpdate: () => undefined,
  reload: () => undefined
}
