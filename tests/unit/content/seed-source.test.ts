// @vitest-environment node
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createSeedSource } from '~/content/source.server'

const folders: string[] = []
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })))

function seedFolder(title: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'seed-'))
  folders.push(folder)
  writeSeed(folder, title)
  return folder
}

function writeSeed(folder: string, title: string) {
  const file = path.join(folder, 'pages.ndjson')
  writeFileSync(file, `${JSON.stringify({ _id: 'aboutPage', _type: 'aboutPage', hero: { title } })}\n`)
  // A later mtime, as an editor's save would give it.
  const later = new Date(Date.now() + 60_000)
  utimesSync(file, later, later)
}

const query = '*[_id == "aboutPage"][0].hero.title'

describe('the seed source', () => {
  test('reads the files once: a running production server touches no disk per query', async () => {
    const folder = seedFolder('Primeira versão')
    const source = createSeedSource(folder)
    expect(await source.fetch(query)).toBe('Primeira versão')
    writeSeed(folder, 'Segunda versão')
    expect(await source.fetch(query)).toBe('Primeira versão')
  })

  test('with watch (development) an edited seed file shows on the next query', async () => {
    const folder = seedFolder('Primeira versão')
    const source = createSeedSource(folder, { watch: true })
    expect(await source.fetch(query)).toBe('Primeira versão')
    writeSeed(folder, 'Segunda versão')
    expect(await source.fetch(query)).toBe('Segunda versão')
  })
})
