/**
 * What the app's service worker reports (through the `watchWorker` port) and what the
 * lifter does about it.
 */
export type AppUpdateEvent =
  /** A new version is installed and waits: this page keeps running the old one, whole. */
  | { readonly type: "update.ready" }
  /** The new version took over this page (here or from another tab): its HTML is now stale. */
  | { readonly type: "update.activated" }
  /** The lifter pressed "Update". */
  | { readonly type: "update.accept" }

/** What the worker watcher calls, one function per thing the worker reports. */
export interface WorkerReports {
  readonly updateReady: () => void
  readonly activated: () => void
}
