import { expect, test } from './fixtures'
import { representativePages } from './support/public-pages'

/**
 * A page the visitor is only reading does no work at every frame: no
 * animation runs without end on it, hidden or not. An endless animation
 * makes the browser update the page at every frame, which on a phone takes
 * the main thread from hydration and from the answer to a tap (a submit
 * button's hidden spinner did this on every page with a form: issue 42).
 * A finite one (a section fading in) ends by itself and is not waited for: one
 * in a section `content-visibility` skips never runs, so never finishes.
 */
const pages = [
  ...Object.values(representativePages),
  '/ferramentas/calculadora?metrica=cac',
  '/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato',
]

test('@mobile @js a page at rest runs no endless animation', async ({ page, allowNotFound }) => {
  allowNotFound('/pagina-que-nao-existe')
  for (const path of pages) {
    await page.goto(path)
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations === Infinity)
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target
          return `${(animation as CSSAnimation).animationName ?? 'animação'} em ${target?.tagName.toLowerCase() ?? '?'}.${String(target?.getAttribute('class') ?? '').slice(0, 60)}`
        }),
    )
    expect(endless, `animações sem fim em ${path}`).toEqual([])
  }
})
