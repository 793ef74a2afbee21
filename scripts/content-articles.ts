/**
 * `npm run content:articles`: converts the blog's Markdown sources
 * (studio/seed/articles/*.md) into studio/seed/articles.ndjson, the seed
 * documents the site and `content:import` read. Run it after editing an
 * article's Markdown; a unit test fails while the ndjson is stale. Articles
 * without Markdown (exported from the Studio) are kept as they are.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseNdjson } from '../app/content/seed-dataset.server'
import { ARTICLES_SEED_FILE, articlesNdjson } from './lib/article-seed'

const blogFile = path.resolve('studio/seed/blog.ndjson')
const current = existsSync(ARTICLES_SEED_FILE) ? parseNdjson(readFileSync(ARTICLES_SEED_FILE, 'utf8'), 'articles.ndjson') : []
const text = articlesNdjson(parseNdjson(readFileSync(blogFile, 'utf8'), 'blog.ndjson'), current)
writeFileSync(ARTICLES_SEED_FILE, text)
console.log(`${text.trim().split('\n').length} artigos gravados em ${path.relative(process.cwd(), ARTICLES_SEED_FILE)}`)
