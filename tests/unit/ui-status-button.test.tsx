import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { StatusButton } from '~/components/ui/status-button'

/** The text of the label spans that are not hidden with `invisible`. */
function visibleLabels(html: string): string[] {
  return [...html.matchAll(/<span class="([^"]*row-start-1[^"]*)">(.*?)<\/span>/g)]
    .filter((match) => !/\binvisible\b/.test(match[1]!))
    .map((match) => match[2]!.replace(/<svg[\s\S]*?<\/svg>/g, '').trim())
}

describe('StatusButton', () => {
  it('shows its label and is enabled when idle', () => {
    const html = renderToStaticMarkup(<StatusButton status="idle">Enviar mensagem</StatusButton>)
    expect(html).toMatch(/^<button type="submit"/)
    expect(html).not.toMatch(/\sdisabled=""/)
    expect(html).not.toContain('aria-disabled="')
    expect(visibleLabels(html)).toEqual(['Enviar mensagem'])
  })

  it("reads 'Enviando...' and is disabled and aria-disabled while pending", () => {
    const html = renderToStaticMarkup(<StatusButton status="pending">Enviar mensagem</StatusButton>)
    expect(html).toMatch(/\sdisabled=""/)
    expect(html).toContain('aria-disabled="true"')
    expect(html).toContain('aria-busy="true"')
    expect(visibleLabels(html)).toEqual(['Enviando...'])
  })

  it('keeps both labels in the same grid cell so the width never jumps', () => {
    const html = renderToStaticMarkup(<StatusButton status="pending">Agendar minha sessão estratégica</StatusButton>)
    // The idle label is still laid out (visibility: hidden), reserving its width.
    expect(html).toContain('Agendar minha sessão estratégica')
    expect(html.match(/col-start-1 row-start-1/g)).toHaveLength(2)
  })

  it('stays disabled when the caller disables it, whatever the status', () => {
    const html = renderToStaticMarkup(
      <StatusButton status="success" disabled>
        Enviado
      </StatusButton>,
    )
    expect(html).toMatch(/\sdisabled=""/)
    expect(html).toContain('data-status="success"')
  })
})
