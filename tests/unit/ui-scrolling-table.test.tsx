// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ScrollingTable } from '~/components/ui/scrolling-table'
import { renderInBrowser } from '../support/render'

const rows = (
  <tbody>
    <tr>
      <th scope="row">Contato</th>
      <td>3</td>
    </tr>
  </tbody>
)

describe('ScrollingTable', () => {
  it('is a region named by its label that the keyboard reaches, holding the table', () => {
    renderInBrowser(<ScrollingTable label="Tabela: leads por dia">{rows}</ScrollingTable>)
    const region = screen.getByRole('region', { name: 'Tabela: leads por dia' })
    expect(region.tabIndex).toBe(0)
    expect(within(region).getByRole('table')).toBeTruthy()
    expect(within(region).getByRole('rowheader', { name: 'Contato' })).toBeTruthy()
  })

  it('without a label is no landmark, and still reachable by keyboard', () => {
    renderInBrowser(<ScrollingTable>{rows}</ScrollingTable>)
    expect(screen.queryByRole('region')).toBeNull()
    expect(screen.getByRole('table').parentElement?.tabIndex).toBe(0)
  })
})
