package io.informer4j.benchmarks.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Watch events from a real etcd to a consumer: each invocation updates every one of {@value #KEYS}
 * keys (128 puts per transaction, 16 transactions in flight) and ends when the consumer has seen all
 * {@value #KEYS} events. Consumers: an informer's event handler (decode, cache, notify); a bare
 * jetcd prefix watch counting events (the physical limit); the same with previous values
 * ({@code prev_kv}, which the informer's watch asks for so DELETED events carry the last state).
 * Events per second = {@value #KEYS} / time.
 */
public class EtcdWatchBenchmark extends EtcdBenchmarkSettings {

  static final int KEYS = 20_000;

  @Param({"informer", "jetcd", "jetcdPrevKv"})
  public String consumer;

  private EtcdFixture etcd;
  private InformerRuntime runtime;
  private SharedIndexInformer<EtcdObject<Widget>> informer;
  private Watch.Watcher watcher;
  private volatile CountDownLatch remaining = new CountDownLatch(0);
  private int round;

  @Setup(Level.Trial)
  public void start() throws InterruptedException {
    etcd = new EtcdFixture(KEYS);
    if ("informer".equals(consumer)) {
      runtime = InformerRuntime.create("etcd-watch-bench");
      informer = SharedIndexInformer.builder(etcd.listerWatcher(false), Widget.ADAPTER).runtime(runtime).build();
      informer.addEventHandler(new EventHandler<>() {
        @Override
        public void onUpdate(EtcdObject<Widget> oldObject, EtcdObject<Widget> newObject) {
          remaining.countDown();
        }
      });
      informer.start();
      if (!informer.waitForCacheSync(Duration.ofMinutes(1))) {
        throw new IllegalStateException("informer did not sync: " + informer.status());
      }
    } else {
      byte[] start = EtcdFixture.LAYOUT.rangeStart(null);
      WatchOption option = WatchOption.builder().withRange(ByteSequence.from(KeyLayout.rangeEnd(start)))
          .withRevision(etcd.writer.currentRevision() + 1).withPrevKV("jetcdPrevKv".equals(consumer)).build();
      watcher = etcd.client.getWatchClient().watch(ByteSequence.from(start), option,
          response -> response.getEvents().forEach(event -> remaining.countDown()));
    }
  }

  @TearDown(Level.Trial)
  public void stop() throws InterruptedException {
    if (informer != null) {
      informer.stop(Duration.ofSeconds(10));
      runtime.stop();
    }
    if (watcher != null) {
      watcher.close();
    }
    etcd.close();
  }

  @Setup(Level.Invocation)
  public void arm() {
    remaining = new CountDownLatch(KEYS);
    round++;
  }

  /** Writes {@value #KEYS} updates and waits until the consumer has seen each. */
  @Benchmark
  public long updatesToConsumer() throws InterruptedException {
    etcd.writer.putAll(EtcdFixture.widgets(KEYS, "round-" + round));
    if (!remaining.await(2, TimeUnit.MINUTES)) {
      throw new IllegalStateException(consumer + " saw only " + (KEYS - remaining.getCount()) + " of " + KEYS + " events");
    }
    return remaining.getCount();
  }
}
