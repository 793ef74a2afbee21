// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { StatusButton } from '~/components/ui/status-button'
import { renderInBrowser } from '../support/render'

// Tailwind's rule for the class that hides the label not in use (the stylesheet is not loaded here).
beforeEach(() => {
  const style = document.createElement('style')
  style.textContent = '.invisible { visibility: hidden; }'
  document.head.append(style)
  return () => style.remove()
})

describe('StatusButton', () => {
  it('is an enabled submit button named by its label when idle', () => {
    renderInBrowser(<StatusButton status="idle">Enviar mensagem</StatusButton>)
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar mensagem' })
    expect(button.type).toBe('submit')
    expect(button.disabled).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBeNull()
    expect(button.getAttribute('aria-busy')).toBeNull()
  })

  it("reads 'Enviando...', disabled and busy, while pending", () => {
    renderInBrowser(<StatusButton status="pending">Enviar mensagem</StatusButton>)
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Enviando...' })
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.getAttribute('aria-busy')).toBe('true')
  })

  it('keeps the idle label in the button, hidden, so the width never jumps', () => {
    renderInBrowser(<StatusButton status="pending">Agendar minha sessão estratégica</StatusButton>)
    const button = screen.getByRole('button', { name: 'Enviando...' })
    expect(button.textContent).toContain('Agendar minha sessão estratégica')
  })

  it('stays disabled when the caller disables it, whatever the status', () => {
    renderInBrowser(
      <StatusButton status="success" disabled>
        Enviado
      </StatusButton>,
    )
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enviado' }).disabled).toBe(true)
  })
})
