-- wrk's report as one JSON line (scripts/bench/lib/load-test.ts reads it):
-- requests, seconds, bytes, errors and latency percentiles in microseconds.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout
  io.write(string.format(
    '{"requests":%d,"seconds":%f,"bytes":%d,"errors":%d,"non2xx":%d,"p50":%d,"p95":%d,"p99":%d}\n',
    summary.requests, summary.duration / 1e6, summary.bytes, errors, summary.errors.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
