import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

/**
 * What Remix's single fetch writes after `</html>`: the page's loader data
 * streamed into `window.__remixContext` by inline scripts inside React's
 * Suspense markers. A parser moves them into the body ("stray start tag"):
 * known, and not the site's own. Anything else there is reported.
 */
const REMIX_STREAM_TAIL = /^(?:<!--\/?\$-->|<script>window\.__remixContext\.streamController\.(?:enqueue\("(?:[^"\\]|\\.)*"\)|close\(\));<\/script>)*$/

/**
 * The W3C HTML checker (Nu, from the `vnu-jar` package; Java 17), offline,
 * over many documents in one run: each page's HTML as the server sent it,
 * up to `</html>` (what follows must be Remix's stream, REMIX_STREAM_TAIL).
 * Returns the errors as `path:line: message`; the documents are the
 * server's, so every error is one the site causes.
 */
export function htmlErrors(documents: ReadonlyMap<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'))
  const files = new Map<string, string>()
  const errors: string[] = []
  try {
    let index = 0
    for (const [page, html] of documents) {
      const end = html.indexOf('</html>') + '</html>'.length
      if (end < '</html>'.length) errors.push(`${page}: no </html>`)
      else if (!REMIX_STREAM_TAIL.test(html.slice(end))) errors.push(`${page}: after </html>, more than Remix's stream: ${html.slice(end, end + 200)}`)
      const file = path.join(dir, `pagina-${++index}.html`)
      writeFileSync(file, end < '</html>'.length ? html : html.slice(0, end))
      files.set(file, page)
    }
    // --exit-zero-always: errors come back as JSON (on stderr), not as a failed command.
    const run = spawnSync(process.env.JAVA ?? 'java', ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', ...files.keys()], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    if (run.status !== 0 || !run.stderr.startsWith('{'))
      throw new Error(`the HTML checker did not run (${run.error?.message ?? run.status}): ${run.stderr.slice(0, 500)}`)
    const report = JSON.parse(run.stderr) as { messages: { type: string; url?: string; lastLine?: number; message: string }[] }
    return [
      ...errors,
      ...report.messages
        .filter((message) => message.type === 'error')
        .map((message) => `${files.get(new URL(message.url ?? 'file:///').pathname) ?? message.url}:${message.lastLine ?? '?'}: ${message.message}`),
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
