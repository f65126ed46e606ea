/** Hands a downloaded file to the browser to save, under the name the server gave it. */
export function saveFile(file: { readonly blob: Blob; readonly fileName: string }): void {
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement("a")
  link.href = url
  link.download = file.fileName
  link.rel = "noopener"
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the bytes once the click is handled; a minute covers a slow save dialog.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
