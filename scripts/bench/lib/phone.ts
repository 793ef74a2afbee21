/**
 * The phone the speed benches measure (issue 42): a device of Lighthouse
 * BenchmarkIndex 400, not a fixed multiplier. Lighthouse's throttling guide
 * puts its mobile preset's target there (4x on a host of about 1,550); our
 * 2-core hosts measure 900-1,600 and move with their load, so a fixed 4x
 * emulated a different phone on every machine and every run.
 *
 * Each bench measures the host's index in the same run, with Lighthouse's own
 * benchmark (`computeBenchmarkIndex`, from the lighthouse devDependency, run
 * in Debian's Chromium exactly as Lighthouse runs it), and slows the CPU by
 * index / 400, between 1 and 10. The index and the multiplier are printed
 * beside every figure.
 */
import { chromium } from '@playwright/test'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { CHROMIUM_ARGS } from '../../lib/bench-support'

/** The phone's Lighthouse BenchmarkIndex. */
export const PHONE_INDEX = 400
const SLOWDOWN_RANGE = { min: 1, max: 10 } as const

/** index / 400, between 1 and 10, to one decimal (what Chromium's throttling takes). */
export function cpuSlowdownFor(hostIndex: number): number {
  if (!(hostIndex > 0)) throw new Error(`índice de CPU inválido: ${hostIndex}`)
  const slowdown = Math.round((hostIndex / PHONE_INDEX) * 10) / 10
  return Math.min(SLOWDOWN_RANGE.max, Math.max(SLOWDOWN_RANGE.min, slowdown))
}

export type Calibration = { hostIndex: number; samples: number[]; cpuSlowdown: number }

/**
 * The host's BenchmarkIndex now: the median of `samples` runs of
 * Lighthouse's benchmark, each in a fresh blank Chromium page as Lighthouse
 * runs it (about a second each),
 * and the slowdown that makes this host the phone.
 */
export async function calibrate({ samples = 3 } = {}): Promise<Calibration> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS] })
  try {
    // Lighthouse serializes the same function into a fresh page before it audits: so does each sample here.
    const benchmark = `(${pageFunctions.computeBenchmarkIndex.toString()})()`
    const measured: number[] = []
    for (let sample = 0; sample < samples; sample++) {
      const page = await browser.newPage()
      measured.push(Math.round(Number(await page.evaluate(benchmark))))
      await page.close()
    }
    const hostIndex = median(measured)
    return { hostIndex, samples: measured, cpuSlowdown: cpuSlowdownFor(hostIndex) }
  } finally {
    await browser.close()
  }
}

/** How a figure’s phone is written beside it. */
export function describeCalibration({ hostIndex, cpuSlowdown }: Pick<Calibration, 'hostIndex' | 'cpuSlowdown'>): string {
  const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
  return `índice do host ${number.format(hostIndex)} → CPU ${number.format(cpuSlowdown)}× mais lenta, um telefone de índice ${PHONE_INDEX}`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}
