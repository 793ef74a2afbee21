// @vitest-environment jsdom
/**
 * The dashboard's day chart counts leads: its value axis marks whole numbers
 * only (issue 35: one lead on a day drew a "0,5" tick).
 */
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axisTop, StackedColumns } from '~/components/admin/charts'

const ticks = (container: HTMLElement) => [...container.querySelectorAll('svg > g > text[text-anchor="end"]')].map((text) => text.textContent)

describe('the day chart’s value axis', () => {
  it.each([
    [0, ['0', '1', '2']],
    [1, ['0', '1', '2']],
    [3, ['0', '2', '4']],
    [7, ['0', '5', '10']],
    [33, ['0', '20', '40']],
    [1_234, ['0', '1.000', '2.000']],
  ])('with %i leads on the busiest day, ticks %j', (busiest, expected) => {
    const { container } = render(
      <StackedColumns
        label="Leads por dia"
        series={[{ key: 'home', label: 'Página inicial', colour: 'var(--color-form-home)' }]}
        columns={[{ key: '2026-11-26', label: '26/11', values: { home: busiest } }]}
      />,
    )
    expect(ticks(container)).toEqual(expected)
  })

  it('the bars keep their 1, 2, 5 scale', () => {
    expect([1, 3, 7, 40].map((max) => axisTop(max))).toEqual([1, 5, 10, 50])
  })
})
