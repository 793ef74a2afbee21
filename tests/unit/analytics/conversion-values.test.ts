import { describe, expect, it } from 'vitest'
import { conversionValueOf, leadForms } from '~/leads/lead-forms'

describe('conversion values in BRL', () => {
  it('by form name, with 100 for any other form', () => {
    expect(conversionValueOf('newsletter')).toBe(50)
    expect(conversionValueOf('lead_capture_test')).toBe(150)
    expect(conversionValueOf('lead_capture_calculator')).toBe(100)
    expect(conversionValueOf('contact_form')).toBe(200)
    expect(conversionValueOf('contact_home')).toBe(200)
    expect(conversionValueOf('agent_briefing')).toBe(100)
    expect(conversionValueOf('qualquer_outro')).toBe(100)
  })

  it('each lead form stores the value of its analytics name', () => {
    expect(Object.fromEntries(Object.entries(leadForms).map(([key, form]) => [key, form.conversionValue]))).toEqual({
      home: 200,
      contact: 200,
      newsletter: 50,
      calculator: 100,
      presenceTest: 150,
      briefing: 100,
      // Any other form is worth the spec's default.
      booking: 100,
    })
  })
})
