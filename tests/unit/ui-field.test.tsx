// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from '~/components/ui/field'
import { renderInBrowser } from '../support/render'

const invalidEmail = 'Por favor, insira um e-mail válido.'

describe('Field', () => {
  it('is found by its label, required, with the input props carried through', () => {
    renderInBrowser(<Field id="contato-nome" name="name" label="Nome" type="text" required autoComplete="name" />)
    // The asterisk is for the eye only: the accessible name is the label's text.
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Nome' })
    expect(input.required).toBe(true)
    expect({ name: input.name, type: input.type, autocomplete: input.autocomplete }).toEqual({ name: 'name', type: 'text', autocomplete: 'name' })
  })

  it('is neither invalid nor described, and shows no error, when valid and without a hint', () => {
    renderInBrowser(<Field id="email" name="email" label="E-mail" errors={undefined} />)
    const input = screen.getByRole('textbox', { name: 'E-mail', description: '' })
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('is invalid and described by the error it shows', () => {
    renderInBrowser(<Field id="email" name="email" label="E-mail" errors={[invalidEmail]} />)
    const input = screen.getByRole('textbox', { name: 'E-mail', description: invalidEmail })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(within(screen.getByRole('list')).getByRole('listitem').textContent).toBe(invalidEmail)
  })

  it('is described by its hint, and by hint and error together when both exist', () => {
    const hintOnly = renderInBrowser(<Field id="tel" name="phone" label="Telefone" hint="Com DDD" />)
    expect(screen.getByRole('textbox', { name: 'Telefone', description: 'Com DDD' }).getAttribute('aria-invalid')).toBeNull()
    hintOnly.unmount()

    renderInBrowser(<Field id="tel" name="phone" label="Telefone" hint="Com DDD" errors={['Por favor, insira um número de telefone válido.']} />)
    screen.getByRole('textbox', { name: 'Telefone', description: 'Com DDD Por favor, insira um número de telefone válido.' })
  })

  it("replaces Conform's aria attributes with its own so they always match the screen", () => {
    // What getInputProps(fields.email, { type: 'email' }) returns for an invalid field.
    const conformProps = { id: 'f-email', name: 'email', type: 'email', 'aria-invalid': true, 'aria-describedby': 'f-email-error' } as const
    renderInBrowser(<Field label="E-mail" errors={undefined} {...conformProps} />)
    const input = screen.getByRole('textbox', { name: 'E-mail', description: '' })
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBeNull()
  })

  it('ignores empty error entries', () => {
    renderInBrowser(<Field id="x" name="x" label="X" errors={['', null]} />)
    expect(screen.getByRole('textbox', { name: 'X', description: '' }).getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByRole('list')).toBeNull()
  })
})

describe('TextareaField, SelectField and CheckboxField', () => {
  it('render a labelled textarea of 4 rows, invalid and described by its error', () => {
    const error = 'Por favor, detalhe sua mensagem com pelo menos 10 caracteres.'
    renderInBrowser(<TextareaField id="msg" name="message" label="Mensagem" errors={[error]} />)
    const textarea = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Mensagem', description: error })
    expect(textarea.tagName).toBe('TEXTAREA')
    expect(textarea.rows).toBe(4)
    expect(textarea.getAttribute('aria-invalid')).toBe('true')
  })

  it('render a labelled native select with a placeholder choice first, then the options', () => {
    renderInBrowser(
      <SelectField
        id="servico"
        name="service"
        label="Serviço"
        placeholder="Selecione um serviço"
        options={[
          { value: 'ia', label: 'Inteligência Artificial' },
          { value: 'trafego', label: 'Tráfego Pago' },
        ]}
      />,
    )
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Serviço' })
    const options = within(select).getAllByRole<HTMLOptionElement>('option')
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Selecione um serviço'],
      ['ia', 'Inteligência Artificial'],
      ['trafego', 'Tráfego Pago'],
    ])
    expect(select.value).toBe('')
    fireEvent.change(select, { target: { value: 'trafego' } })
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Tráfego Pago' }).selected).toBe(true)
  })

  it('render a checkbox named and toggled by its label, invalid and described by its error', () => {
    renderInBrowser(<CheckboxField id="aceite" name="consent" label="Aceito receber contato" errors={['Obrigatório']} />)
    const checkbox = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Aceito receber contato', description: 'Obrigatório' })
    expect(checkbox.getAttribute('aria-invalid')).toBe('true')
    expect(checkbox.checked).toBe(false)
    fireEvent.click(screen.getByText('Aceito receber contato'))
    expect(checkbox.checked).toBe(true)
  })
})

describe('ErrorList', () => {
  it('shows each distinct message once, as a list, and nothing when empty', () => {
    const { unmount } = renderInBrowser(<ErrorList id="form-error" errors={['Erro A', 'Erro A', 'Erro B']} />)
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Erro A', 'Erro B'])
    unmount()
    renderInBrowser(<ErrorList errors={[]} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(document.body.textContent).toBe('')
  })
})
