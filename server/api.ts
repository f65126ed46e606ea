import { Api } from "#domain/api.ts"
import { ChatApi } from "#domain/chat-api.ts"

/**
 * Everything the server serves and documents: the app's contract and the chat contract,
 * which the browser loads apart (src/domain/chat-api.ts). The groups keep their own
 * middleware and prefix, and this API keeps `Api`'s identifier, so every group's
 * handlers are built against whichever of the two defines it.
 */
export const ServerApi = Api.addHttpApi(ChatApi)
