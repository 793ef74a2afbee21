import { useRef } from 'react'
import { sendFunnelBeacon, type FunnelStep, type FunnelTool } from '~/analytics/funnel'

/**
 * For a tool's steps the browser runs itself: counts each funnel step once
 * while the tool is on screen (going back and forth does not count again).
 */
export function useFunnelCount(tool: FunnelTool): (step: FunnelStep) => void {
  const counted = useRef(new Set<FunnelStep>())
  return (step) => {
    if (counted.current.has(step)) return
    counted.current.add(step)
    sendFunnelBeacon(tool, step)
  }
}
