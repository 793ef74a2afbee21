import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test, type Page } from '@playwright/test'
import type { AxeResults, Result } from 'axe-core'

/**
 * axe-core on the page as it stands, with its default rules (WCAG 2.0/2.1 A
 * and AA plus best practices), in every Playwright project.
 *
 * The axe-core build @axe-core/playwright ships is evaluated through the
 * DevTools protocol and run on the document, asking only for violations.
 * Not through AxeBuilder: its `analyze()` finishes every run in a new blank
 * page, three to four seconds a screen on this 2-core machine against under
 * one here, and with JavaScript off it waits forever (it evaluates in the
 * page, which the project forbids: dequelabs/axe-core-npm#529). The
 * DevTools protocol runs even there. With JavaScript off the page's own
 * scripts never run; only timers are dead, and axe needs them merely to
 * yield, so they become microtasks for this page.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  const javaScriptOff = test.info().project.use.javaScriptEnabled === false
  const devtools = await page.context().newCDPSession(page)
  const evaluate = async (expression: string): Promise<unknown> => {
    const { result, exceptionDetails } = await devtools.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
    if (exceptionDetails) throw new Error(`axe: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`)
    return result.value
  }
  // With JavaScript, what the page loads by itself after hydration (a lazy dialog, an island) is on screen
  // before axe reads it: on a busy machine it may arrive after the animations below were waited for.
  if (!javaScriptOff) await page.waitForLoadState('networkidle')
  try {
    if (javaScriptOff) {
      // queueMicrotask is as dead as the timers there; a resolved promise's callbacks still run.
      await evaluate('window.setTimeout = (run, _delay, ...args) => (Promise.resolve().then(() => run(...args)), 0); window.clearTimeout = () => {}')
      // axe takes <noscript> for hidden, as it is with JavaScript; here its content is what the visitor sees.
      await evaluate('for (const element of document.querySelectorAll("noscript")) element.replaceWith(...element.childNodes)')
    }
    // Sections with `content-visibility: auto` (ADR 044) are laid out only near the viewport; until then
    // the browser reports no box for them, and axe would read their text as if on a white page. A visitor
    // sees each one laid out on its own background by the time it is on screen, so lay them all out now,
    // before waiting for animations: one in a skipped section never runs, so never finishes.
    await evaluate(`for (const element of document.querySelectorAll('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible'
    }`)
    // What the visitor reads once the screen settles: fades and slides of a step or a dialog finish first
    // (mid-fade, text is lighter than it will be). An animation may start a frame after its element
    // appears, so look again after two frames until none runs; endless ones (a spinner) do not count.
    // (Without JavaScript no frame callback ever runs, and nothing starts an animation late.)
    await evaluate(`(async () => {
      const frame = ${javaScriptOff} ? async () => {} : () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      for (let round = 0; round < 10; round++) {
        await frame()
        const running = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
        if (running.length === 0) return
        await Promise.all(running.map((animation) => animation.finished.catch(() => {})))
      }
    })()`)
    await evaluate(axeSource())
    return (JSON.parse(String(await evaluate("axe.run(document, { resultTypes: ['violations'] }).then(JSON.stringify)"))) as AxeResults).violations
  } finally {
    await devtools.detach()
  }
}

/** One line per failing element: the rule, its impact, what it asks, the element and how to fix it. */
export function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  )
}

let cachedSource: string | undefined
/** The axe-core build @axe-core/playwright itself injects, so both paths run the same rules. */
function axeSource(): string {
  const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
  return (cachedSource ??= readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8'))
}
