// The one browser every browser test uses: Debian's Chromium (apt-get install chromium),
// never one a test tool downloads. Shared by playwright.config.ts (e2e) and the
// "storybook" project of vitest.config.ts (every story in Chromium).
export const CHROMIUM_PATH = "/usr/bin/chromium"

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run"
  ]
}
