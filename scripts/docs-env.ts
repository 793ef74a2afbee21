/** `npm run docs:env`: writes the README's table of variables and .env.example from the schema (scripts/lib/env-docs.ts). */
import { readFileSync, writeFileSync } from 'node:fs'
import { renderEnvExample, renderEnvTable, withEnvTable } from './lib/env-docs'

writeFileSync('README.md', withEnvTable(readFileSync('README.md', 'utf8'), renderEnvTable()))
writeFileSync('.env.example', renderEnvExample())
console.log('docs:env: README.md (Environment variables) and .env.example written from app/utils/env.server.ts')
