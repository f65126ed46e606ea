/*
 * A message's text split into plain text and web addresses, so the screen can show the
 * text as text (never as HTML) and each http/https address as a link that opens safely
 * (docs/decisions/030). Any other scheme (javascript:, data:, mailto:) stays text.
 */

export type MessagePart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "link"; readonly text: string; readonly href: string }

// An address runs to the next whitespace; angle brackets and quotes end it too.
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+/giu
// Punctuation that ends a sentence rather than the address ("see https://x.org.").
const TRAILING = /[.,;:!?'*]+$/u

/** Drops a closing bracket the address did not open ("(https://x.org/a)" -> "https://x.org/a"). */
const balanced = (address: string, close: string, open: string): string => {
  let result = address
  while (result.endsWith(close) && result.split(open).length < result.split(close).length) {
    result = result.slice(0, -1).replace(TRAILING, "")
  }
  return result
}

const trimAddress = (candidate: string): string => {
  let address = candidate.replace(TRAILING, "")
  address = balanced(address, ")", "(")
  address = balanced(address, "]", "[")
  return address.replace(TRAILING, "")
}

/** An address a browser can open as a web page, or null (no host, or not http/https). */
const webAddress = (text: string): string | null => {
  try {
    const url = new URL(text)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? url.href : null
  } catch {
    return null
  }
}

/** The text in order, each http/https address a link part; joining the parts' text gives the text back. */
export function messageParts(text: string): ReadonlyArray<MessagePart> {
  const parts: Array<MessagePart> = []
  let from = 0
  const pushText = (to: number) => {
    if (to > from) parts.push({ kind: "text", text: text.slice(from, to) })
  }
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index
    const address = trimAddress(match[0])
    const href = webAddress(address)
    if (href === null) continue
    pushText(start)
    parts.push({ kind: "link", text: address, href })
    from = start + address.length
  }
  pushText(text.length)
  return parts
}
