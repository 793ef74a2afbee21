import { defineConfig, devices } from '@playwright/test'
import { builtServer, CHROMIUM_ARGS } from './scripts/lib/bench-support'

/**
 * End-to-end tests against the production build, in four projects: JavaScript
 * on and off, each at 1280 px and 375 px. Tests opt out of a project by tag in
 * their title, so nothing is ever skipped at run time:
 *   @desktop / @mobile  only at that width;   @js / @nojs  only with JS on / off.
 * A test runs in a project only when it proves something there that the others
 * do not (ADR 030):
 *   - what the server sends (content, metadata, headers, redirects) runs once,
 *     `@desktop @nojs`, the HTML every visitor gets first;
 *   - what takes a different path with JavaScript (forms, navigation, tools)
 *     runs `@desktop`, with it on and off;
 *   - what depends on the width (menus, carousels, layout) names its width;
 *   - the checks every page must pass in all four (axe on every route, the
 *     home's lead) are untagged. The site walk (site-walk.spec.ts) visits every
 *     page once with JavaScript on and once off.
 * E2E_PORT and E2E_BUILD_DIR let several builds be tested side by side.
 */
const port = Number(process.env.E2E_PORT ?? 4173)
const buildDir = process.env.E2E_BUILD_DIR ?? 'build'
const baseURL = `http://127.0.0.1:${port}`
const receiverPort = port + 1
const receiverURL = `http://127.0.0.1:${receiverPort}`
const pipedriveToken = 'token-do-pipedrive-e2e-0123456789'
// The receiver's SMTP server: the sales e-mail of every lead (tests/e2e/support/deliveries.ts reads it back).
const smtp = { SMTP_PORT: String(port + 2), SMTP_USER: 'vendas-e2e', SMTP_PASSWORD: 'senha-do-smtp-e2e' }
const E2E_WEBHOOK_SECRET = `whsec_${Buffer.from('segredo-de-webhook-dos-testes-e2e').toString('base64')}`
// The server under test signs its cookies and form timers with this; tests that forge a timer use it too.
const sessionSecret = (process.env.E2E_SESSION_SECRET ??= 'segredo-somente-para-testes-e2e')

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  },
}
const desktop = { viewport: { width: 1280, height: 800 } }
const mobile = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One browser: on this 2-core machine the server and one Chromium already use both cores; a second
  // worker made the run slower (ADR 030).
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'tests/.reports/playwright.json' }]],
  use: { baseURL, trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off', locale: 'pt-BR' },
  projects: [
    { name: 'js-desktop', use: { ...chromium, ...desktop }, grepInvert: /@mobile|@nojs/ },
    { name: 'js-mobile', use: { ...chromium, ...mobile }, grepInvert: /@desktop|@nojs/ },
    { name: 'nojs-desktop', use: { ...chromium, ...desktop, javaScriptEnabled: false }, grepInvert: /@mobile|@js\b/ },
    { name: 'nojs-mobile', use: { ...chromium, ...mobile, javaScriptEnabled: false }, grepInvert: /@desktop|@js\b/ },
  ],
  webServer: [
    {
      // Receives the lead webhooks and sales e-mails of the site under test (tests/e2e/lead-forms.spec.ts reads them back).
      command: 'node tests/e2e/support/webhook-receiver.mjs',
      url: `${receiverURL}/healthz`,
      reuseExistingServer: false,
      env: { RECEIVER_PORT: String(receiverPort), PIPEDRIVE_API_TOKEN: pipedriveToken, ...smtp },
    },
    {
      // `npm start` of that build folder: plain node on the bundled server (ADR 041).
      command: `${process.env.E2E_SKIP_BUILD ? '' : 'npm run build && '}node ${builtServer(buildDir)}`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        REMIX_BUILD_DIR: buildDir,
        SITE_URL: 'http://localhost:3000',
        LOG_REQUESTS: 'false',
        NODE_ENV: 'production',
        SESSION_SECRET: sessionSecret,
        // Its own embedded database, never the developer's .data/.
        DATA_DIR: `${buildDir}/data`,
        WEBHOOK_URL: `${receiverURL}/webhook`,
        WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        // The CRMs, answered by the receiver (ADR 046): every lead reaches both, and the forms' tests check it.
        RDSTATION_API_KEY: 'chave-do-rd-station-e2e',
        RDSTATION_API_URL: receiverURL,
        HUBSPOT_PORTAL_ID: '24681357',
        HUBSPOT_FORM_GUID: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
        HUBSPOT_FORM_GUID_SESSION: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
        HUBSPOT_API_URL: receiverURL,
        // Pipedrive (ADR 047), kept by the receiver: each form's test finds one person and one lead.
        PIPEDRIVE_API_TOKEN: pipedriveToken,
        PIPEDRIVE_API_URL: receiverURL,
        SMTP_URL: `smtp://${smtp.SMTP_USER}:${smtp.SMTP_PASSWORD}@127.0.0.1:${smtp.SMTP_PORT}`,
        SALES_ALERT_TO: 'vendas@exemplo.com.br',
        SALES_ALERT_FROM: 'Site <site@exemplo.com.br>',
        // The worker's pass: the sales e-mail is not sent inline, and the tests wait for it.
        OUTBOX_POLL_INTERVAL_MS: '500',
        // Four projects post the same forms from 127.0.0.1 within a minute, typed by a robot:
        // the rate limit and the time trap are proven by the integration tests instead.
        LEAD_RATE_LIMIT_PER_MINUTE: '10000',
        POST_RATE_LIMIT_PER_MINUTE: '10000',
        FUNNEL_RATE_LIMIT_PER_MINUTE: '10000',
        LEAD_MIN_FILL_MS: '0',
        // Draft preview over the seed (tests/e2e/preview.spec.ts): off by default in production.
        SEED_PREVIEW: 'true',
      },
    },
  ],
})
