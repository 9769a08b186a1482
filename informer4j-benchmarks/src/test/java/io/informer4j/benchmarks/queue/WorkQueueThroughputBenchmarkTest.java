package io.informer4j.benchmarks.queue;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One invocation of the throughput benchmark per queue completes: every worker gets its end marker. */
class WorkQueueThroughputBenchmarkTest {

  @ParameterizedTest
  @Timeout(60)
  @CsvSource({"informer4j, unique", "informer4j, 10", "client-java, unique", "client-java, 10", "jdk-floor, unique",
      "jdk-floor, 10"})
  void anInvocationEndsWithEveryWorkerDone(String queue, String keys) {
    WorkQueueThroughputBenchmark benchmark = new WorkQueueThroughputBenchmark();
    benchmark.queue = queue;
    benchmark.threads = 2;
    benchmark.keys = keys;
    benchmark.setUp();
    try {
      assertThatCode(() -> {
        benchmark.addGetDone();
        benchmark.addGetDone();
      }).doesNotThrowAnyException();
    } finally {
      benchmark.tearDown();
    }
  }
}
