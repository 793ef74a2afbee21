import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from '~/components/ui/field'

/** Parses the rendered markup so tests ask questions about elements, not strings. */
function render(element: React.ReactElement) {
  const html = renderToStaticMarkup(element)
  const attrs = (tag: string) => {
    const match = html.match(new RegExp(`<${tag}\\b([^>]*)>`))
    if (!match) throw new Error(`no <${tag}> in ${html}`)
    return Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]))
  }
  return { html, attrs }
}

describe('Field', () => {
  it('ties the label to the input by id and carries the input props through', () => {
    const { html, attrs } = render(<Field id="contato-nome" name="name" label="Nome" type="text" required autoComplete="name" />)
    expect(attrs('label').for).toBe('contato-nome')
    expect(html).toContain('>Nome<')
    const input = attrs('input')
    expect(input).toMatchObject({ id: 'contato-nome', name: 'name', type: 'text', autocomplete: 'name' })
    expect(html).toMatch(/<input[^>]*\srequired=""/)
  })

  it('has no aria-invalid, no aria-describedby and no error list when valid and without a hint', () => {
    const { html, attrs } = render(<Field id="email" name="email" label="E-mail" errors={undefined} />)
    const input = attrs('input')
    expect(input['aria-invalid']).toBeUndefined()
    expect(input['aria-describedby']).toBeUndefined()
    expect(html).not.toContain('<ul')
  })

  it('marks the input invalid and points it at the visible error list when there are errors', () => {
    const { html, attrs } = render(<Field id="email" name="email" label="E-mail" errors={['Por favor, insira um e-mail válido.']} />)
    const input = attrs('input')
    expect(input['aria-invalid']).toBe('true')
    expect(input['aria-describedby']).toBe('email-error')
    expect(attrs('ul')).toMatchObject({ id: 'email-error', role: 'list' })
    expect(html).toContain('Por favor, insira um e-mail válido.')
    expect(html).toMatch(/text-danger-600/)
  })

  it('describes the input by its hint, and by hint and errors together when both exist', () => {
    const hintOnly = render(<Field id="tel" name="phone" label="Telefone" hint="Com DDD" />)
    expect(hintOnly.attrs('input')['aria-describedby']).toBe('tel-description')
    expect(hintOnly.attrs('input')['aria-invalid']).toBeUndefined()
    expect(hintOnly.attrs('p').id).toBe('tel-description')

    const both = render(<Field id="tel" name="phone" label="Telefone" hint="Com DDD" errors={['Por favor, insira um número de telefone válido.']} />)
    expect(both.attrs('input')['aria-describedby']).toBe('tel-description tel-error')
  })

  it("replaces Conform's aria attributes with its own so they always match the screen", () => {
    // What getInputProps(fields.email, { type: 'email' }) returns for an invalid field.
    const conformProps = { id: 'f-email', name: 'email', type: 'email', 'aria-invalid': true, 'aria-describedby': 'f-email-error' } as const
    const { attrs } = render(<Field label="E-mail" errors={undefined} {...conformProps} />)
    expect(attrs('input')['aria-invalid']).toBeUndefined()
    expect(attrs('input')['aria-describedby']).toBeUndefined()
  })

  it('ignores empty error entries', () => {
    const { html, attrs } = render(<Field id="x" name="x" label="X" errors={['', null]} />)
    expect(attrs('input')['aria-invalid']).toBeUndefined()
    expect(html).not.toContain('<ul')
  })
})

describe('TextareaField, SelectField and CheckboxField', () => {
  it('render a labelled textarea of 4 rows with the same error wiring', () => {
    const { attrs } = render(
      <TextareaField id="msg" name="message" label="Mensagem" errors={['Por favor, detalhe sua mensagem com pelo menos 10 caracteres.']} />,
    )
    expect(attrs('label').for).toBe('msg')
    expect(attrs('textarea')).toMatchObject({ id: 'msg', rows: '4', 'aria-invalid': 'true', 'aria-describedby': 'msg-error' })
  })

  it('render a native select with a placeholder choice and the options', () => {
    const { html, attrs } = render(
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
    expect(attrs('select')).toMatchObject({ id: 'servico', name: 'service' })
    expect(html).toContain('<option value="">Selecione um serviço</option>')
    expect(html).toContain('<option value="trafego">Tráfego Pago</option>')
  })

  it('render a checkbox with its label after it', () => {
    const { html, attrs } = render(<CheckboxField id="aceite" name="consent" label="Aceito receber contato" errors={['Obrigatório']} />)
    expect(attrs('input')).toMatchObject({ type: 'checkbox', id: 'aceite', 'aria-invalid': 'true', 'aria-describedby': 'aceite-error' })
    expect(html.indexOf('<input')).toBeLessThan(html.indexOf('<label'))
  })
})

describe('ErrorList', () => {
  it('renders each distinct message once as a list item, and nothing when empty', () => {
    const { html } = render(<ErrorList id="form-error" errors={['Erro A', 'Erro A', 'Erro B']} />)
    expect(html.match(/<li/g)).toHaveLength(2)
    expect(renderToStaticMarkup(<ErrorList errors={[]} />)).toBe('')
  })
})
