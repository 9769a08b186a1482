package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class SyncSignalTest {

  /** A client that says it has synced once its flag is set. */
  private static final class FlaggedClient implements ProbeClient {
    boolean synced;

    @Override
    public void start(int informers, LongAdder adds, LongAdder updates) {
    }

    @Override
    public int cached() {
      return 0;
    }

    @Override
    public boolean reportsSynced() {
      return synced;
    }

    @Override
    public void close() {
    }
  }

  @Test
  void recordsTheAddCountAtTheFirstSignalOnly() {
    FlaggedClient client = new FlaggedClient();
    LongAdder adds = new LongAdder();
    SyncSignal signal = new SyncSignal(client, adds, System.nanoTime());

    adds.add(3);
    signal.check();
    client.synced = true;
    adds.add(4);
    signal.check();
    adds.add(5);
    signal.check();

    assertThat(signal.addsAtSignal()).isEqualTo(7);
    assertThat(signal.millis()).isGreaterThanOrEqualTo(0);
  }

  @Test
  void aSignalNeverGivenIsMinusOneAfterTheWait() {
    SyncSignal signal = new SyncSignal(new FlaggedClient(), new LongAdder(), System.nanoTime());

    signal.awaitFor(20);

    assertThat(signal.millis()).isEqualTo(-1);
    assertThat(signal.addsAtSignal()).isEqualTo(-1);
  }
}
