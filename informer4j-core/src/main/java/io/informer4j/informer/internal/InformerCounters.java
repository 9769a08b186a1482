package io.informer4j.informer.internal;

import java.util.concurrent.atomic.LongAdder;

/** The counters an informer exposes in its status and metrics. Thread-safe. */
final class InformerCounters {
  final LongAdder lists = new LongAdder();
  final LongAdder relists = new LongAdder();
  final LongAdder watches = new LongAdder();
  final LongAdder events = new LongAdder();
  final LongAdder errors = new LongAdder();
  final LongAdder malformed = new LongAdder();
  final LongAdder compactionFailures = new LongAdder();
  final LongAdder handlerFailures = new LongAdder();
  final LongAdder idleTimeouts = new LongAdder();
  final LongAdder watchListFallbacks = new LongAdder();
}
