import type { Page, Route } from '@playwright/test'

/**
 * Holds back the scripts whose URL matches `pattern` until `release()`: the
 * page asks for them and waits, as on a slow line. `held` lists what was
 * asked for (the paths), so a test can wait until the page did ask.
 */
export async function holdChunks(page: Page, pattern: RegExp) {
  const held: string[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route: Route) => {
    held.push(new URL(route.request().url()).pathname)
    await released
    await route.continue()
  })
  return { held, release }
}
