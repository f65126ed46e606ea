// Popups are unreliable on phones (blocked, or opened as a tab that loses the opener),
// so they use redirect sign-in there (popup elsewhere).
const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i

export function isMobileBrowser(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent)
}
