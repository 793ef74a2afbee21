// @vitest-environment node
import { afterEach, beforeEach, expect, test } from 'vitest'
import { z } from 'zod'
import { clearContentCache, loadQuery, setContentCacheTtl, setContentSource } from '~/content/content.server'
import type { ContentSource } from '~/content/source.server'

/**
 * A cached result is parsed once (parsing is most of a page's render on a
 * page-cache miss), the parsed content is frozen so no request can change
 * what the next one reads, and a publish parses the fresh result again.
 */
let fetches = 0
let parses = 0
const source: ContentSource = {
  kind: 'sanity',
  async fetch() {
    fetches += 1
    return { title: 'Blog', articles: [{ words: 'um dois três' }] }
  },
  fetchPreview: () => Promise.reject(new Error('no preview in this test')),
}
const schema = z.object({
  title: z.string(),
  articles: z.array(
    z.object({ words: z.string() }).transform(({ words }) => {
      parses += 1
      return { wordCount: words.split(' ').length }
    }),
  ),
})

beforeEach(() => {
  setContentSource(source)
  setContentCacheTtl(60_000)
  clearContentCache()
  fetches = 0
  parses = 0
})
afterEach(() => {
  setContentSource(undefined)
  setContentCacheTtl(undefined)
})

test('a cache hit returns the content its first request parsed', async () => {
  const first = await loadQuery('*[_id == "blog"][0]', {}, schema)
  const second = await loadQuery('*[_id == "blog"][0]', {}, schema)
  expect(first).toEqual({ title: 'Blog', articles: [{ wordCount: 3 }] })
  expect(second).toBe(first)
  expect([fetches, parses]).toEqual([1, 1])
})

test('the parsed content is frozen all the way down', async () => {
  const content = (await loadQuery('*[_id == "blog"][0]', {}, schema))!
  expect(() => Object.assign(content, { title: 'Outro' })).toThrow(TypeError)
  expect(() => content.articles.push({ wordCount: 1 })).toThrow(TypeError)
  expect(() => Object.assign(content.articles[0]!, { wordCount: 9 })).toThrow(TypeError)
  expect((await loadQuery('*[_id == "blog"][0]', {}, schema))?.title).toBe('Blog')
})

test('a publish fetches and parses the fresh result', async () => {
  const before = await loadQuery('*[_id == "blog"][0]', {}, schema)
  clearContentCache()
  const after = await loadQuery('*[_id == "blog"][0]', {}, schema)
  expect(after).toEqual(before)
  expect(after).not.toBe(before)
  expect([fetches, parses]).toEqual([2, 2])
})

test('another schema over the same result parses it for itself', async () => {
  const titleOnly = z.object({ title: z.string() })
  await loadQuery('*[_id == "blog"][0]', {}, schema)
  expect(await loadQuery('*[_id == "blog"][0]', {}, titleOnly)).toEqual({ title: 'Blog' })
  expect(fetches).toBe(1)
})
