// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PresenceTestResults } from '~/components/tools/presence-test-results'
import type { PresenceTestPage } from '~/content/schemas'
import { readSeedDataset } from '~/content/seed-dataset.server'
import { renderInBrowser } from '../../support/render'

const seedPage = readSeedDataset().find((document) => document._type === 'presenceTestPage') as unknown as PresenceTestPage
const copy = seedPage.results

describe('the presence test results page with no result in this tab', () => {
  it('keeps its one h1, the title of the results, while it reads the stored results (and where nothing can be read)', () => {
    renderInBrowser(<PresenceTestResults copy={copy} view={{ kind: 'client' }} leadForm={null} locationState={null} />, {
      url: '/ferramentas/resultados-teste',
    })
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([copy.teaserTitle])
  })
})
