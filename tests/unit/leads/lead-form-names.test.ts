import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { leadsCsv } from '~/admin/leads-csv'
import { leadFormLabel, leadFormOf, leadForms, OTHER_FORM_COLOUR, type LeadFormKey } from '~/leads/lead-forms'

const keys = Object.keys(leadForms) as LeadFormKey[]

describe('every lead form on the one list', () => {
  it('has one name the admin shows, whether found by key (spam folder) or by source (a lead)', () => {
    for (const key of keys) {
      expect(leadFormLabel(key)).toBe(leadForms[key].label)
      expect(leadFormLabel(leadForms[key].source)).toBe(leadForms[key].label)
    }
    expect(leadFormLabel('formulario_home')).toBe('Formulário da página inicial')
    expect(new Set(keys.map((key) => leadForms[key].label)).size).toBe(keys.length)
    expect(leadFormLabel('fonte_antiga')).toBe('fonte_antiga')
    expect(leadFormOf('toString')).toBeUndefined()
  })

  it('names the form in the CSV as in the admin pages', () => {
    const csv = leadsCsv([
      {
        id: '1',
        createdAt: '2026-01-01T12:00:00Z',
        name: 'A',
        email: 'a@b.com',
        phone: '1',
        company: null,
        source: 'formulario_home',
        message: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        pageUrl: null,
        delivery: null,
        status: 'lost',
        lostReason: 'other_agency',
      },
    ])
    expect(csv).toContain(',Formulário da página inicial,')
    expect(csv).toContain(',Perdido,Escolheu outra agência,')
  })

  it('takes its chart colour from a variable the theme always emits', () => {
    const css = readFileSync('app/styles/app.css', 'utf8')
    const staticTheme = /@theme static \{([^}]*)\}/.exec(css)?.[1] ?? ''
    for (const colour of [...keys.map((key) => leadForms[key].colour), OTHER_FORM_COLOUR]) {
      const variable = /^var\((--[\w-]+)\)$/.exec(colour)?.[1]
      expect(variable, colour).toBeDefined()
      expect(staticTheme).toContain(`${variable}:`)
    }
  })

  it('leaves no hex colour in the admin charts', () => {
    for (const file of ['app/components/admin/charts.tsx', 'app/components/admin/dashboard.tsx']) {
      expect(readFileSync(file, 'utf8')).not.toMatch(/#[0-9a-f]{3,6}\b/i)
    }
  })
})
