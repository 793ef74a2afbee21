import { expect, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'
import { startServer } from './support/servers'

/**
 * The first admin with the site running (ADR 032), on an instance of its own
 * whose database has no admin: the server prints a one-time link at start; a
 * wrong link gets a pt-BR refusal; the right one shows the form, which
 * refuses passwords that do not match and then creates the admin, signed in
 * on /admin; the link is then a 404. Both projects: the form is a plain post
 * without JavaScript.
 */

const SETUP_LINE = /^Nenhum admin ainda: crie o primeiro em (\S+\/admin\/configurar\?token=[A-Za-z0-9_-]{43}) \(vale 30 minutos, uma vez\)\.$/m
const EMAIL = 'primeira-admin@alavancadigital.com.br'
const PASSWORD = 'senha-longa-do-primeiro-admin'

test('@desktop /admin/configurar, with JavaScript on and off: the link the server prints while there is no admin creates the first one, signed in, once', async ({
  page,
  allowConsoleErrors,
  allowNotFound,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000)
  // The browser logs the wrong link's 403 and the refused post's 400 (without JavaScript); the used link's 404 is allowed below.
  allowConsoleErrors(/status of 40[03]/)
  const output: string[] = []
  const server = await startServer({ DATABASE_URL: '', SESSION_SECRET: 'segredo-do-servidor-sem-admin' }, { output })
  try {
    await expect.poll(() => SETUP_LINE.exec(output.join(''))?.[1], { message: 'the setup line in the server’s output' }).toBeTruthy()
    const printed = new URL(SETUP_LINE.exec(output.join(''))![1]!)
    const link = `${server.base}${printed.pathname}${printed.search}`
    allowNotFound(`${printed.pathname}${printed.search}`)

    const wrong = await page.goto(`${server.base}/admin/configurar?token=nao-e-este`)
    expect(wrong?.status()).toBe(403)
    await expect(page.getByRole('alert')).toContainText('Este link de configuração não é válido.')

    const form = await page.goto(link)
    expect(form?.headers()['cache-control']).toBe('private, no-store')
    expect(form?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(page.getByRole('heading', { level: 1, name: 'Criar o primeiro administrador' })).toBeVisible()
    expect(describeViolations(await axeViolations(page)), 'axe on the setup page').toEqual([])

    const fill = async (confirmation: string) => {
      await page.getByLabel('E-mail').fill(EMAIL)
      await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD)
      await page.getByLabel('Repita a senha').fill(confirmation)
      await page.getByRole('button', { name: 'Criar administrador' }).click()
    }
    await fill('outra-senha-qualquer-123')
    await expect(page.getByText('As senhas não conferem.')).toBeVisible()
    await expect(page.getByLabel('Repita a senha')).toHaveAttribute('aria-invalid', 'true')
    // Without JavaScript the refusal is the server's reply, which never sends a password back; with it, the check ran in
    // the page and nothing was sent.
    if (!javaScriptEnabled) {
      await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toHaveValue('')
      await expect(page.getByLabel('Repita a senha')).toHaveValue('')
    }
    await expect(page.getByLabel('E-mail')).toHaveValue(EMAIL)

    await fill(PASSWORD)
    // /admin: the leads table until the dashboard exists.
    await expect(page).toHaveURL(new RegExp(`^${server.base}/admin(/leads)?$`))
    await expect(page.getByRole('navigation', { name: 'Área administrativa' })).toBeVisible()
    await expect(page.getByText(`Conectado como ${EMAIL}`)).toBeVisible()

    // Used: the page is gone.
    expect((await page.goto(link))?.status()).toBe(404)
  } finally {
    await server.stop()
  }
})
