// Popups are unreliable on phones (blocked, or opened as a tab that loses the opener),
// so SPEC.md section 4 uses redirect sign-in there.
const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i

export function isMobileBrowser(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent)
}
