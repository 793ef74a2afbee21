import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The lint gate's layer rule (eslint.config.js), run the way `npm run lint` runs it. */
describe('layers', () => {
  const eslint = new ESLint()
  const rulesFor = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return result?.messages.map((message) => message.ruleId) ?? []
  }

  it('refuses an import from app/leads, app/content or app/components in app/utils', async () => {
    for (const from of ['~/leads/lead-forms', '~/content/site-settings', '~/components/ui/button', '../leads/lead-forms']) {
      expect(await rulesFor('app/utils/exemplo.ts', `import { x } from '${from}'\nexport const y = x\n`), from).toContain('no-restricted-imports')
    }
  })

  it('lets the other layers import the domains, and utils import utils', async () => {
    expect(await rulesFor('app/routes/exemplo.ts', "import { x } from '~/leads/lead-forms'\nexport const y = x\n")).not.toContain('no-restricted-imports')
    expect(await rulesFor('app/utils/exemplo.ts', "import { x } from './http.server'\nexport const y = x\n")).not.toContain('no-restricted-imports')
  })
})
