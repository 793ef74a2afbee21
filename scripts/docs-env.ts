/** `npm run docs:env`: writes the README's tables (variables, delivery targets) and .env.example from their sources (scripts/lib/env-docs.ts). */
import { readFileSync, writeFileSync } from 'node:fs'
import { renderEnvExample, renderEnvTable, renderTargetsTable, withEnvTable, withTargetsTable } from './lib/env-docs'

writeFileSync('README.md', withTargetsTable(withEnvTable(readFileSync('README.md', 'utf8'), renderEnvTable()), renderTargetsTable()))
writeFileSync('.env.example', renderEnvExample())
console.log(
  'docs:env: README.md (Environment variables, Delivery targets) and .env.example written from app/utils/env.server.ts and app/server/delivery-targets.server.ts',
)
