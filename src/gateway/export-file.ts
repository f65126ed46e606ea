import { GatewayDefect, retryAfterMs } from "./gateway-defect.ts"
import type { GatewayOptions } from "./gateway.ts"

/** A downloaded export: its bytes and the name the server gave it. */
export interface ExportedFile {
  readonly blob: Blob
  readonly fileName: string
}

/** Our refusal of an export, with the server's {"error"} said as it is (describeFailure reads it). */
export class ExportRefused extends Error {
  readonly _tag = "ExportRefused" as const
  constructor(
    readonly error: string,
    readonly status: number
  ) {
    super(error)
  }
}

const fileNameOf = (disposition: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback

const errorOf = async (response: Response): Promise<string | undefined> => {
  try {
    const body: unknown = await response.json()
    const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined
    return typeof error === "string" ? error : undefined
  } catch {
    return undefined
  }
}

/**
 * GETs one of the streamed exports (server/exports, beside the contract) with the bearer
 * token, once more with a fresh token after a 401, as the contract's calls do.
 */
export async function exportFile(options: GatewayOptions, path: string, fallbackName: string): Promise<ExportedFile> {
  const fetchFn = options.fetch ?? globalThis.fetch
  const get = async (forceRefresh: boolean) => {
    const token = await options.getIdToken(forceRefresh)
    if (token === null) throw new GatewayDefect({ reason: "token", message: "Not signed in" })
    return fetchFn(`${options.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
  }
  let response: Response
  try {
    response = await get(false)
    if (response.status === 401) response = await get(true)
  } catch (cause) {
    if (cause instanceof GatewayDefect) throw cause
    throw new GatewayDefect({ reason: "network", message: "The server could not be reached", cause })
  }
  if (!response.ok) {
    const retry = retryAfterMs(response.headers.get("retry-after"))
    const error = await errorOf(response)
    if (response.status < 500 && response.status !== 429 && error !== undefined)
      throw new ExportRefused(error, response.status)
    throw new GatewayDefect({
      reason: response.status === 429 ? "rateLimited" : "status",
      message: error ?? `The export answered ${response.status}`,
      status: response.status,
      retryAfterMs: retry
    })
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName)
  }
}
