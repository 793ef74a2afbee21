/**
 * Preloaded into a server by `npm run bench:pages -- --profile`
 * (`node --import tsx --import ./scripts/bench/cpu-profile-on-signal.ts …`):
 * the first SIGUSR2 starts V8's CPU profiler, the second stops it and writes
 * the profile to BENCH_CPU_PROFILE (a `.cpuprofile` file Chromium's DevTools
 * open), so the profile holds the measured load only, not the start-up.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'

const target = process.env.BENCH_CPU_PROFILE
if (target) {
  const session = new Session()
  session.connect()
  let profiling = false
  process.on('SIGUSR2', () => {
    profiling = !profiling
    void (async () => {
      if (profiling) {
        await session.post('Profiler.enable')
        await session.post('Profiler.start')
      } else {
        const { profile } = await session.post('Profiler.stop')
        writeFileSync(target, JSON.stringify(profile))
      }
    })()
  })
}
